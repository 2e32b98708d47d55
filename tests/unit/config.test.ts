import { describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_DEVELOPMENT_SITE_URL,
  DEFAULT_STAGE_HOSTS,
  DEPLOYED_STAGES,
  expandHostTemplate,
  isDebugAllowed,
  isStage,
  isTrackingEnabled,
  loadConfig,
  parseStage,
  SERVICE_URL_TEMPLATES,
  STAGES,
  type Stage,
  stageHosts,
} from "../../src/lib/config.ts";

describe("stages", () => {
  it("lists development, staging, beta and production", () => {
    expect(STAGES).toEqual(["development", "staging", "beta", "production"]);
    expect(DEPLOYED_STAGES).toEqual(["staging", "beta", "production"]);
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

describe("stage hosts", () => {
  it("builds every service URL from its {host} template", () => {
    expect(expandHostTemplate("https://pass.{host}/api", "shop.test")).toBe("https://pass.shop.test/api");
    for (const stage of STAGES) {
      const host = DEFAULT_STAGE_HOSTS[stage];
      expect(stageHosts(stage)).toEqual({
        api: `https://api.${host}`,
        pass: `https://pass.${host}`,
        tickets: `https://tickets.${host}`,
        hub: `https://hub.${host}`,
      });
    }
    expect(Object.keys(SERVICE_URL_TEMPLATES)).toEqual(["api", "pass", "tickets", "hub"]);
  });

  it("gives each stage its own hosts", () => {
    const passHosts = new Set(STAGES.map((stage) => stageHosts(stage).pass));
    expect(passHosts.size).toBe(4);
  });

  it("takes another base host and explicit URLs", () => {
    const hosts = stageHosts("production", { host: "tickets.example.org", pass: "http://localhost:8787/" });
    expect(hosts).toEqual({
      api: "https://api.tickets.example.org",
      pass: "http://localhost:8787",
      tickets: "https://tickets.tickets.example.org",
      hub: "https://hub.tickets.example.org",
    });
    expect(Object.isFrozen(hosts)).toBe(true);
  });

  it("rejects an unknown stage", () => {
    expect(() => stageHosts("qa" as Stage)).toThrow(/Unknown stage "qa"/);
  });
});

describe("loadConfig", () => {
  it("defaults to development, the WEB request source and the local site", () => {
    const config = loadConfig({});
    const hosts = stageHosts("development");
    expect(config).toEqual({
      stage: "development",
      apiUrl: hosts.api,
      passApiUrl: hosts.pass,
      ticketsApiUrl: hosts.tickets,
      hubUrl: hosts.hub,
      siteUrl: DEFAULT_DEVELOPMENT_SITE_URL,
      reqSourceId: 1,
      debugAccountIds: [],
      staffEmailDomain: undefined,
    });
  });

  it("reads every variable and returns a frozen config", () => {
    const config = loadConfig({
      STAGE: "production",
      API_URL: "https://api.shop.test/",
      PASS_API_URL: "https://pass.shop.test/api",
      TICKETS_API_URL: "http://127.0.0.1:8787/api/",
      HUB_URL: "https://hub.shop.test",
      SITE_URL: "https://www.shop.test",
      REQ_SOURCE_ID: "5",
      DEBUG_ACCOUNT_IDS: " 11, 22 ,,33 ",
      STAFF_EMAIL_DOMAIN: "@Shop.Test",
    });
    expect(config).toEqual({
      stage: "production",
      apiUrl: "https://api.shop.test",
      passApiUrl: "https://pass.shop.test/api",
      ticketsApiUrl: "http://127.0.0.1:8787/api",
      hubUrl: "https://hub.shop.test",
      siteUrl: "https://www.shop.test",
      reqSourceId: 5,
      debugAccountIds: ["11", "22", "33"],
      staffEmailDomain: "shop.test",
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.debugAccountIds)).toBe(true);
  });

  it("builds URLs from BASE_HOST and the stage", () => {
    const config = loadConfig({ STAGE: "beta", BASE_HOST: "beta.shop.test" });
    expect(config.passApiUrl).toBe("https://pass.beta.shop.test");
    expect(config.hubUrl).toBe("https://hub.beta.shop.test");
    expect(config.siteUrl).toBe("https://beta.shop.test");
    expect(loadConfig({ STAGE: "staging" }).siteUrl).toBe(`https://${DEFAULT_STAGE_HOSTS.staging}`);
  });

  it("treats blank variables as unset", () => {
    const config = loadConfig({ STAGE: " ", PASS_API_URL: "", REQ_SOURCE_ID: "" });
    expect(config.stage).toBe("development");
    expect(config.passApiUrl).toBe(stageHosts("development").pass);
    expect(config.reqSourceId).toBe(1);
  });

  it.each([
    [{ STAGE: "prod" }, "STAGE"],
    [{ PASS_API_URL: "not a url" }, "PASS_API_URL"],
    [{ TICKETS_API_URL: "ftp://files.shop.test" }, "TICKETS_API_URL"],
    [{ API_URL: "/relative" }, "API_URL"],
    [{ HUB_URL: "hub" }, "HUB_URL"],
    [{ SITE_URL: "javascript:alert(1)" }, "SITE_URL"],
    [{ REQ_SOURCE_ID: "9" }, "REQ_SOURCE_ID"],
    [{ REQ_SOURCE_ID: "0" }, "REQ_SOURCE_ID"],
    [{ REQ_SOURCE_ID: "web" }, "REQ_SOURCE_ID"],
    [{ REQ_SOURCE_ID: "1.5" }, "REQ_SOURCE_ID"],
    [{ BASE_HOST: "https://shop.test" }, "BASE_HOST"],
    [{ STAFF_EMAIL_DOMAIN: "not a domain" }, "STAFF_EMAIL_DOMAIN"],
  ])("names the bad variable in %j", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).variables).toEqual([variable]);
    }
  });

  it("reports every bad variable at once, with its value", () => {
    try {
      loadConfig({ STAGE: "qa", REQ_SOURCE_ID: "42" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const e = error as ConfigError;
      expect(e.variables).toEqual(["STAGE", "REQ_SOURCE_ID"]);
      expect(e.message).toContain('STAGE: must be one of development, staging, beta, production (got "qa")');
      expect(e.message).toContain('REQ_SOURCE_ID: must be a request source id from 1 to 8 (got "42")');
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

describe("isDebugAllowed", () => {
  const allowed = ["acc-1", 2, "acc-3"];
  const domain = "provider.test";

  it("allows everybody outside production", () => {
    for (const stage of ["development", "staging", "beta"] as const) {
      expect(isDebugAllowed({ stage }, [], undefined)).toBe(true);
    }
  });

  it("allows the configured account ids in production", () => {
    expect(isDebugAllowed({ stage: "production", accountId: "acc-1" }, allowed, domain)).toBe(true);
    expect(isDebugAllowed({ stage: "production", accountId: 2 }, allowed, domain)).toBe(true);
    expect(isDebugAllowed({ stage: "production", accountId: "2" }, allowed, domain)).toBe(true);
    expect(isDebugAllowed({ stage: "production", accountId: "acc-4" }, allowed, domain)).toBe(false);
  });

  it("allows e-mails of the staff domain in production, exactly", () => {
    const email = (value: string) => isDebugAllowed({ stage: "production", email: value }, [], domain);
    expect(email("anna@provider.test")).toBe(true);
    expect(email(" Anna@PROVIDER.test ")).toBe(true);
    expect(isDebugAllowed({ stage: "production", email: "a@provider.test" }, [], "@Provider.Test")).toBe(
      true,
    );
    expect(email("anna@evil-provider.test")).toBe(false);
    expect(email("anna@provider.test.evil.test")).toBe(false);
    expect(email("anna@mail.provider.test")).toBe(false);
    expect(email("provider.test")).toBe(false);
    expect(email("@provider.test")).toBe(false);
  });

  it("refuses anonymous users and missing configuration in production", () => {
    expect(isDebugAllowed({ stage: "production" }, allowed, domain)).toBe(false);
    expect(isDebugAllowed({ stage: "production", accountId: null, email: null }, allowed, domain)).toBe(
      false,
    );
    expect(
      isDebugAllowed({ stage: "production", accountId: "", email: "x@provider.test" }, [""], undefined),
    ).toBe(false);
    expect(isDebugAllowed({ stage: "production", email: "x@provider.test" }, [], "")).toBe(false);
  });

  it("works with the ids and domain from loadConfig", () => {
    const config = loadConfig({
      STAGE: "production",
      DEBUG_ACCOUNT_IDS: "7,8,9",
      STAFF_EMAIL_DOMAIN: "provider.test",
    });
    const check = (accountId: string, email: string) =>
      isDebugAllowed(
        { stage: config.stage, accountId, email },
        config.debugAccountIds,
        config.staffEmailDomain,
      );
    expect(check("8", "x@elsewhere.test")).toBe(true);
    expect(check("10", "x@provider.test")).toBe(true);
    expect(check("10", "x@elsewhere.test")).toBe(false);
  });
});
