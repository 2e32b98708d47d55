/** Environment of the pass service, parsed once at start-up; a bad value names its variable. */
import { join } from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "./logger.ts";

const ROOT = join(import.meta.dirname, "..", "..");

const EnvSchema = z.object({
  PASS_HOST: z.string().default("127.0.0.1"),
  PASS_PORT: z.coerce.number().int().min(0).max(65535).default(4322),
  PASS_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  PGLITE_DIR: z.string().default(join(ROOT, ".data", "pglite")),
  CORS_ORIGINS: z.string().default("http://localhost:4321,http://127.0.0.1:4321"),
  HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(15),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  CHECK_RESPONSES: z.enum(["true", "false"]).default("true"),
});

/** Parsed environment of the service. */
export type ServiceEnv = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an error that lists each bad variable and why. */
export function parseServiceEnv(env: Record<string, string | undefined> = process.env): ServiceEnv {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const result = EnvSchema.safeParse(known);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid pass service environment:\n  ${lines.join("\n  ")}`);
}
