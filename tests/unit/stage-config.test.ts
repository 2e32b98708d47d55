import { afterEach, describe, expect, it, vi } from "vitest";
import { DEPLOYED_STAGES } from "../../src/lib/config.ts";
import {
  DEFAULT_PASS_PORT,
  embeddedPassUrl,
  parseStageConfig,
  publicStageConfig,
  STAGE_HOST_VARIABLES,
} from "../../src/lib/stage-config.ts";
import { publicStageConfigFromJson, STAGE_CONFIG_ID, STAGE_HOSTS } from "../../src/lib/stage-public.ts";
import { pageStageConfig } from "../../src/stores/page.ts";

/** A complete configuration of a deployed stage. */
const deployed = {
  API_URL: "https://api.vstupio.cz",
  PASS_PUBLIC_URL: "https://pass.vstupio.cz/",
  TICKETS_API_URL: "https://tickets.vstupio.cz",
  HUB_URL: "https://hub.vstupio.cz",
  PASS_API_URL: "http://127.0.0.1:4322/",
};

/** The message a configuration is refused with (fails the test when it is accepted). */
function refusal(env: Record<string, string | undefined>): string {
  try {
    parseStageConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe("the stage configuration", () => {
  it("needs nothing on development: every host is the embedded pass service", () => {
    const config = parseStageConfig({});
    const embedded = `http://127.0.0.1:${DEFAULT_PASS_PORT}`;
    expect(config).toEqual({
      stage: "development",
      passApiUrl: embedded,
      hosts: { api: embedded, pass: embedded, tickets: embedded, hub: embedded },
    });
    expect(embeddedPassUrl({ HOST: "0.0.0.0", PASS_PORT: "5000" })).toBe("http://0.0.0.0:5000");
  });

  it("defaults the hosts of development to PASS_API_URL and keeps those it is given", () => {
    const config = parseStageConfig({
      PASS_API_URL: "http://localhost:9000/",
      HUB_URL: "http://localhost:5173",
    });
    expect(config.passApiUrl).toBe("http://localhost:9000");
    expect(config.hosts).toEqual({
      api: "http://localhost:9000",
      pass: "http://localhost:9000",
      tickets: "http://localhost:9000",
      hub: "http://localhost:5173",
    });
  });

  it.each(DEPLOYED_STAGES)("reads the four hosts of %s as origins", (stage) => {
    const config = parseStageConfig({ STAGE: stage, ...deployed });
    expect(config.stage).toBe(stage);
    expect(config.hosts).toEqual({
      api: "https://api.vstupio.cz",
      pass: "https://pass.vstupio.cz",
      tickets: "https://tickets.vstupio.cz",
      hub: "https://hub.vstupio.cz",
    });
    expect(config.passApiUrl).toBe("http://127.0.0.1:4322");
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("reads the stage name trimmed and in any case, blank as development", () => {
    expect(parseStageConfig({ STAGE: " Production ", ...deployed }).stage).toBe("production");
    expect(parseStageConfig({ STAGE: "" }).stage).toBe("development");
  });

  it("refuses an unknown stage, naming STAGE and the stages", () => {
    expect(refusal({ STAGE: "prod" })).toBe(
      "Refusing to start: the stage configuration is invalid:\n" +
        '  STAGE: Unknown stage "prod": expected one of development, staging, beta, production',
    );
  });

  it.each(DEPLOYED_STAGES)("refuses %s without each of its hosts, naming the variable", (stage) => {
    for (const host of STAGE_HOSTS) {
      const name = STAGE_HOST_VARIABLES[host];
      const message = refusal({ STAGE: stage, ...deployed, [name]: undefined });
      expect(message).toBe(
        `Refusing to start: the stage configuration of the ${stage} stage is invalid:\n` +
          `  ${name}: missing; the ${stage} stage needs its ${host} host`,
      );
    }
  });

  it.each(DEPLOYED_STAGES)("refuses a plain http host on %s", (stage) => {
    expect(refusal({ STAGE: stage, ...deployed, TICKETS_API_URL: "http://tickets.vstupio.cz" })).toContain(
      `TICKETS_API_URL: must be an https:// address on the ${stage} stage (got http://tickets.vstupio.cz)`,
    );
  });

  it("refuses a host of this machine on production, not on staging", () => {
    for (const local of [
      "https://localhost",
      "https://127.0.0.1:8443",
      "https://[::1]",
      "https://shop.localhost",
    ]) {
      expect(refusal({ STAGE: "production", ...deployed, API_URL: local })).toContain(
        `API_URL: must not be a host of this machine on the production stage (got ${local})`,
      );
    }
    expect(parseStageConfig({ STAGE: "staging", ...deployed, API_URL: "https://localhost" }).hosts.api).toBe(
      "https://localhost",
    );
  });

  it("refuses a host that is not a bare origin, on every stage", () => {
    for (const [value, why] of [
      ["https://hub.vstupio.cz/admin", "must be a scheme and a host only"],
      ["https://hub.vstupio.cz?x=1", "must be a scheme and a host only"],
      ["https://user:secret@hub.vstupio.cz", "must be a scheme and a host only"],
      ["hub.vstupio.cz", "must be an address such as https://api.example.cz"],
      ["ftp://hub.vstupio.cz", "must be an https:// address"],
    ]) {
      expect(refusal({ STAGE: "beta", ...deployed, HUB_URL: value })).toContain(`HUB_URL: ${why}`);
      expect(refusal({ HUB_URL: value })).toContain(`HUB_URL: ${why}`);
    }
  });

  it("refuses a PASS_API_URL that is not an http(s) address", () => {
    expect(refusal({ PASS_API_URL: "postgres://db" })).toContain(
      "PASS_API_URL: must be an http:// or https:// address",
    );
  });

  it("lists every problem at once", () => {
    const message = refusal({
      STAGE: "production",
      API_URL: "http://api.vstupio.cz",
      HUB_URL: "https://localhost",
    });
    expect(message.split("\n")).toEqual([
      "Refusing to start: the stage configuration of the production stage is invalid:",
      "  API_URL: must be an https:// address on the production stage (got http://api.vstupio.cz)",
      "  PASS_PUBLIC_URL: missing; the production stage needs its pass host",
      "  TICKETS_API_URL: missing; the production stage needs its tickets host",
      "  HUB_URL: must not be a host of this machine on the production stage (got https://localhost)",
    ]);
  });
});

describe("the public stage configuration", () => {
  afterEach(() => vi.unstubAllGlobals());

  const config = parseStageConfig({ STAGE: "beta", ...deployed, PASS_API_URL: "http://10.0.0.5:4322" });

  it("shows the stage, the release and the four hosts, never the internal service address", () => {
    const shown = publicStageConfig(config, "1.4.0");
    expect(shown).toEqual({ stage: "beta", release: "1.4.0", hosts: config.hosts });
    expect(JSON.stringify(shown)).not.toContain("10.0.0.5");
  });

  it("is read back from the page's data block, and nothing else is", () => {
    const json = JSON.stringify({ ...publicStageConfig(config, "1.4.0"), secret: "x" });
    expect(publicStageConfigFromJson(json)).toEqual(publicStageConfig(config, "1.4.0"));
    for (const broken of [
      undefined,
      "",
      "{",
      "null",
      JSON.stringify({ stage: "qa", release: "1", hosts: config.hosts }),
      JSON.stringify({ stage: "beta", release: 1, hosts: config.hosts }),
      JSON.stringify({ stage: "beta", release: "1", hosts: { ...config.hosts, hub: undefined } }),
    ]) {
      expect(publicStageConfigFromJson(broken), String(broken)).toBeUndefined();
    }
  });

  it("is what pageStageConfig reads in the browser from #stage-config", () => {
    expect(pageStageConfig()).toBeUndefined();
    const block = { textContent: JSON.stringify(publicStageConfig(config, "2.0.0")) };
    vi.stubGlobal("document", { getElementById: (id: string) => (id === STAGE_CONFIG_ID ? block : null) });
    expect(pageStageConfig()).toEqual({ stage: "beta", release: "2.0.0", hosts: config.hosts });
  });
});
