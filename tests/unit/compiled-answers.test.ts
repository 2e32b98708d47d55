/**
 * The server's clients check answers against the contract's schemas compiled by zod (src/client/compiled-answers.ts):
 * every call's answer schema compiles, a compiled schema answers what the contract's own answers (the same data, the
 * same issues), each is compiled once, and a client given it checks its answers with it.
 */
import { describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { compiledAnswer } from "../../src/client/compiled-answers.ts";
import { clearMemo } from "../../src/client/index.ts";
import { CALLS } from "../../src/contract/index.ts";
import { client, failure, HEALTH, json } from "./support/api-client.ts";

describe("compiled answer schemas", () => {
  it("every call's answer compiles, once", () => {
    for (const [id, def] of Object.entries(CALLS)) {
      expect(() => z.compile(def.response, { strict: true }), id).not.toThrow();
      expect(compiledAnswer(def), id).toBe(compiledAnswer(def));
      expect(compiledAnswer(def), id).not.toBe(def.response);
    }
  });

  it("give what the contract's schema gives, for a good answer and a bad one", () => {
    const def = CALLS["root.health"];
    const compiled = compiledAnswer(def);
    expect(compiled.safeParse(HEALTH)).toEqual(def.response.safeParse(HEALTH));
    for (const bad of [{ ...HEALTH, errorText: 3 }, {}, null, "OK"]) {
      const ours = compiled.safeParse(bad);
      expect(ours.success).toBe(false);
      expect(ours.error?.issues).toEqual(def.response.safeParse(bad).error?.issues);
    }
  });

  it("are what a client given them checks its answers with", async () => {
    clearMemo();
    const schema = vi.fn(compiledAnswer);
    const { api } = client(() => json(HEALTH), { answerSchema: schema });
    await api.call(CALLS["root.health"]);
    expect(schema).toHaveBeenCalledWith(CALLS["root.health"]);
    const { api: refusing } = client(() => json(HEALTH), {
      answerSchema: () => z.object({ errorText: z.literal("NEVER") }),
    });
    const err = await failure(refusing.call(CALLS["root.health"]));
    expect([err.name, err.status]).toEqual(["request_fail", 200]);
  });
});
