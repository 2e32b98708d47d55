import { describe, expect, it } from "vitest";
import {
  DEFAULT_STAGE,
  DEPLOYED_STAGES,
  isLocalHost,
  isStage,
  isTrackingEnabled,
  parseStage,
  STAGES,
  stageFromEnv,
} from "../../src/lib/config.ts";

describe("stages", () => {
  it("lists development, staging, beta and production", () => {
    expect(STAGES).toEqual(["development", "staging", "beta", "production"]);
    expect(DEPLOYED_STAGES).toEqual(["staging", "beta", "production"]);
    expect(DEFAULT_STAGE).toBe("development");
  });

  it("parses a stage name", () => {
    expect(parseStage("beta")).toBe("beta");
    expect(parseStage(" Production ")).toBe("production");
    expect(isStage("staging")).toBe(true);
    expect(isStage("prod")).toBe(false);
  });

  it("rejects an unknown stage with the list of stages", () => {
    expect(() => parseStage("prod")).toThrow(
      'Unknown stage "prod": expected one of development, staging, beta, production',
    );
    expect(() => parseStage(undefined)).toThrow(/Unknown stage/);
  });
});

describe("stageFromEnv", () => {
  it("reads STAGE, development when it is unset or blank", () => {
    expect(stageFromEnv({})).toBe("development");
    expect(stageFromEnv({ STAGE: " " })).toBe("development");
    expect(stageFromEnv({ STAGE: "Production" })).toBe("production");
  });

  it("refuses an unknown stage instead of guessing", () => {
    expect(() => stageFromEnv({ STAGE: "qa" })).toThrow(/Unknown stage "qa"/);
  });
});

describe("isLocalHost", () => {
  it("knows the names of this machine", () => {
    for (const host of [
      "localhost",
      "LOCALHOST",
      "shop.localhost",
      "127.0.0.1",
      "127.1.2.3",
      "::1",
      "[::1]",
    ]) {
      expect(isLocalHost(host), host).toBe(true);
    }
  });

  it("takes any other host as remote", () => {
    for (const host of ["shop.example", "10.0.0.1", "localhost.example", "128.0.0.1", ""]) {
      expect(isLocalHost(host), host).toBe(false);
    }
  });
});

describe("isTrackingEnabled", () => {
  it("tracks on deployed stages", () => {
    for (const stage of DEPLOYED_STAGES) expect(isTrackingEnabled(stage, false)).toBe(true);
  });

  it("tracks locally", () => {
    for (const stage of STAGES) expect(isTrackingEnabled(stage, true)).toBe(true);
  });

  it("does not track a development build that is not local", () => {
    expect(isTrackingEnabled("development", false)).toBe(false);
  });
});
