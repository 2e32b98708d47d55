/**
 * The service keeps an idle connection open longer than the clients that reuse it (Node's own 5 s, plus its
 * 1 s grace, would close it under a client sending its next request, which then fails with ECONNRESET); and
 * closing it does not wait for such a connection to time out.
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

it("closes without waiting for a connection whose request was answered after the close began", async () => {
  // A request still being sent when the close begins: answered, its connection is then idle and kept alive by
  // the client. Without closing it, the close would wait for KEEP_ALIVE_MS (longer than this test may run).
  const closing = await startTestService({ seed: false });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let closed: Promise<void> | undefined;
  try {
    const answered = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        `${closing.url}/api/order-create`,
        { agent, method: "POST", headers: { "content-type": "application/json" } },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", fail);
      req.write('{"eventId":');
      // The request is under way: now the close begins, then the body ends.
      setTimeout(() => {
        closed = closing.close();
        req.end('"not-an-id"}');
      }, 200);
    });
    const answer = await answered;
    expect(answer.status, answer.body).toBe(400);
    await closed;
    expect(await fetch(`${closing.url}/health`).catch((error: unknown) => String(error))).toMatch(
      /fetch failed/,
    );
  } finally {
    agent.destroy();
  }
});
