/**
 * The service keeps an idle connection open longer than the clients that reuse it (Node's own 5 s, plus its
 * 1 s grace, would close it under a client sending its next request, which then fails with ECONNRESET).
 */
import { Agent, request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KEEP_ALIVE_MS } from "../../src/lib/keep-alive.ts";
import { startTestService, type TestService } from "./support/service.ts";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ seed: false });
});
afterAll(() => svc?.close());

/** GETs /health over the agent; answers the status and whether the request went on a kept connection. */
function health(agent: Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((done, fail) => {
    const req = request(`${svc.url}/health`, { agent }, (res) => {
      res.resume();
      res.on("end", () => done({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on("error", fail);
    req.end();
  });
}

it("reuses a connection that was idle longer than Node's default keep-alive", async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect(await health(agent)).toEqual({ status: 200, reused: false });
    await sleep(7_000);
    expect(await health(agent)).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});
