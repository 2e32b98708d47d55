/**
 * A build-mode answer (`X-Languages`) is built one language per turn of the event loop (src/pass-service/http.ts
 * `mountCalls`): a list of every event in four languages does not hold up the requests that come in meanwhile
 * for all four, and its body is the same JSON as the whole answer's. The handler here is a stub that notes, at
 * each call, whether the event loop has turned since the call before it.
 */
import { Hono } from "hono";
import { expect, test } from "vitest";
import { CALLS } from "../../src/contract/index.ts";
import { systemClock } from "../../src/pass-service/clock.ts";
import { HandlerTable, mountCalls } from "../../src/pass-service/http.ts";

test("each language of a build-mode answer is built after a turn of the event loop", async () => {
  const turnedBefore: boolean[] = [];
  let turned = true;
  const table = new HandlerTable();
  table.serve(CALLS["organizer.all"], async ({ locale }) => {
    turnedBefore.push(turned);
    turned = false;
    setImmediate(() => {
      turned = true;
    });
    return { organizers: [], locale };
  });
  const app = new Hono();
  mountCalls(app, [CALLS["organizer.all"]], table, {
    checkResponses: false,
    auth: { verify: async () => null },
    clock: systemClock,
    unserved: () => {
      throw new Error("every call here is served");
    },
  });

  const res = await app.request("/api/organizers-all", { headers: { "X-Languages": "cs,en,de,sk" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/json");
  // The body is written out language by language: the same bytes as the whole answer's JSON.
  const languages = Object.fromEntries(
    ["cs", "en", "de", "sk"].map((locale) => [locale, { errorText: "OK", organizers: [], locale }]),
  );
  expect(await res.text()).toBe(JSON.stringify({ errorText: "OK", languages }));
  expect(turnedBefore).toEqual([true, true, true, true]);
});
