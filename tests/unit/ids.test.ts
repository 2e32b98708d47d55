import { afterEach, describe, expect, it, vi } from "vitest";
import { randomUuid } from "../../src/lib/ids.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("randomUuid", () => {
  it("gives a new version 4 UUID on every call", () => {
    const keys = Array.from({ length: 50 }, () => randomUuid());
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("makes one from random bytes where randomUUID is missing (a browser page served over plain HTTP)", () => {
    const real = globalThis.crypto;
    const getRandomValues = vi.fn((array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array));
    vi.stubGlobal("crypto", { getRandomValues });
    const first = randomUuid();
    const second = randomUuid();
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(first).not.toBe(second);
    expect(getRandomValues).toHaveBeenCalledTimes(2);
  });
});
