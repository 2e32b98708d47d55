import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/pass-service/db/schema.ts",
  out: "./src/pass-service/db/migrations",
});
