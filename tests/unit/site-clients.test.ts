/**
 * The server's pass clients (src/client/site.ts) check answers against the contract's schemas compiled by zod
 * (`compiledAnswer`), for pre-rendered pages and pages rendered on demand, over real HTTP.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compiledAnswer } from "../../src/client/compiled-answers.ts";
import { clearMemo } from "../../src/client/http.ts";
import { requestPass, sitePass } from "../../src/client/site.ts";
import { CALLS } from "../../src/contract/index.ts";
import { HEALTH } from "./support/api-client.ts";

vi.mock("../../src/client/compiled-answers.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/client/compiled-answers.ts")>();
  return { compiledAnswer: vi.fn(original.compiledAnswer) };
});

let server: Server;
const before = process.env.PASS_API_URL;

beforeAll(async () => {
  server = createServer((req, res) => {
    const languages = req.headers["x-languages"];
    const body =
      typeof languages === "string"
        ? {
            errorText: "OK",
            languages: Object.fromEntries(languages.split(",").map((lang) => [lang.trim(), HEALTH])),
          }
        : HEALTH;
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  process.env.PASS_API_URL = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  if (before === undefined) delete process.env.PASS_API_URL;
  else process.env.PASS_API_URL = before;
  await new Promise((closed) => server.close(closed));
});

describe("the server's pass clients", () => {
  it.each([
    ["pre-rendered pages (sitePass)", () => sitePass("en")],
    ["pages rendered on demand (requestPass)", () => requestPass("en")],
  ])("of %s check answers with the compiled schemas", async (_, make) => {
    clearMemo();
    vi.mocked(compiledAnswer).mockClear();
    const answer = await make().call(CALLS["root.health"]);
    expect(answer).toMatchObject({ status: "ok" });
    expect(compiledAnswer).toHaveBeenCalledWith(CALLS["root.health"]);
  });
});
