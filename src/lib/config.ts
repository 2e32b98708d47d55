/**
 * Runtime configuration (spec §6, §9). Stages are development, staging, beta and production; each has its
 * own API, pass, tickets and hub host, built from a URL template in which `{host}` is the stage's base
 * host. Every URL can be set explicitly through the environment, which is what an operator does to point
 * the storefront at their own backend. `src/lib` must run in the browser too, so the environment is
 * passed in (`process.env` on the server, `import.meta.env` in Astro) rather than read here.
 */
import { z } from "zod";
import { isReqSourceId, REQ_SOURCE, type ReqSourceId } from "./constants.ts";

/** The deployment stages, from local development to production (spec §9). */
export const STAGES = ["development", "staging", "beta", "production"] as const;

/** A deployment stage. */
export type Stage = (typeof STAGES)[number];

/** Stages that run as deployed environments (every stage except development). */
export const DEPLOYED_STAGES = ["staging", "beta", "production"] as const satisfies readonly Stage[];

/** The services each stage has a host for (spec §9). */
export type ServiceName = "api" | "pass" | "tickets" | "hub";

/** URL template of each service; `{host}` is replaced by the stage's base host. */
export const SERVICE_URL_TEMPLATES = {
  api: "https://api.{host}",
  pass: "https://pass.{host}",
  tickets: "https://tickets.{host}",
  hub: "https://hub.{host}",
} as const satisfies Record<ServiceName, string>;

/**
 * Default base host of each stage. These are placeholders under the reserved `.example` domain: a real
 * deployment sets BASE_HOST or the individual service URLs.
 */
export const DEFAULT_STAGE_HOSTS = {
  development: "dev.storefront.example",
  staging: "staging.storefront.example",
  beta: "beta.storefront.example",
  production: "storefront.example",
} as const satisfies Record<Stage, string>;

/** Site origin used in development when SITE_URL is not set (the Astro dev server). */
export const DEFAULT_DEVELOPMENT_SITE_URL = "http://localhost:4321";

/** The service URLs of one stage. */
export type StageHosts = Readonly<Record<ServiceName, string>>;

/** Overrides for {@link stageHosts}: another base host and/or explicit service URLs. */
export type StageHostOverrides = Partial<Record<ServiceName, string>> & { host?: string };

/** True when `value` names a stage. */
export function isStage(value: unknown): value is Stage {
  return typeof value === "string" && (STAGES as readonly string[]).includes(value);
}

/** Parses a stage name (trimmed, case-insensitive); anything else throws an Error listing the stages. */
export function parseStage(value: unknown): Stage {
  const name = typeof value === "string" ? value.trim().toLowerCase() : value;
  if (isStage(name)) return name;
  throw new Error(`Unknown stage ${JSON.stringify(value)}: expected one of ${STAGES.join(", ")}`);
}

/** Replaces every `{host}` in a template with `host`. */
export function expandHostTemplate(template: string, host: string): string {
  return template.replaceAll("{host}", host);
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The API, pass, tickets and hub URLs of a stage (without trailing slash), with optional overrides. */
export function stageHosts(stage: Stage, overrides: StageHostOverrides = {}): StageHosts {
  const host = overrides.host ?? DEFAULT_STAGE_HOSTS[parseStage(stage)];
  const url = (service: ServiceName): string =>
    withoutTrailingSlash(overrides[service] ?? expandHostTemplate(SERVICE_URL_TEMPLATES[service], host));
  return Object.freeze({ api: url("api"), pass: url("pass"), tickets: url("tickets"), hub: url("hub") });
}

/** The validated configuration of one running storefront. */
export interface AppConfig {
  /** Deployment stage (STAGE, default development). */
  readonly stage: Stage;
  /** General API base URL (API_URL). */
  readonly apiUrl: string;
  /** Pass service base URL (PASS_API_URL). */
  readonly passApiUrl: string;
  /** Tickets service base URL (TICKETS_API_URL). */
  readonly ticketsApiUrl: string;
  /** Hub base URL (HUB_URL). */
  readonly hubUrl: string;
  /** Public origin of the site (SITE_URL). */
  readonly siteUrl: string;
  /** Channel sent as reqSourceId (REQ_SOURCE_ID, default 1 = WEB). */
  readonly reqSourceId: ReqSourceId;
  /** Account ids allowed to use debug mode in production (DEBUG_ACCOUNT_IDS, comma-separated). */
  readonly debugAccountIds: readonly string[];
  /** E-mail domain of the provider's staff, allowed to use debug mode (STAFF_EMAIL_DOMAIN). */
  readonly staffEmailDomain: string | undefined;
}

/** Error thrown by {@link loadConfig}; the message and `variables` name every bad variable. */
export class ConfigError extends Error {
  /** Names of the environment variables with a bad value. */
  readonly variables: readonly string[];

  constructor(problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable}: ${p.message}`).join("; ")}`);
    this.name = "ConfigError";
    this.variables = problems.map((p) => p.variable);
  }
}

/** Blank or whitespace-only variables count as unset; others are trimmed. */
const unsetIfBlank = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

const optionalUrl = z.preprocess(
  unsetIfBlank,
  z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .transform(withoutTrailingSlash)
    .optional(),
);

const ENV_SCHEMA = z.object({
  STAGE: z.preprocess(
    (value) => {
      const v = unsetIfBlank(value);
      return typeof v === "string" ? v.toLowerCase() : v;
    },
    z.enum(STAGES, { error: `must be one of ${STAGES.join(", ")}` }).default("development"),
  ),
  BASE_HOST: z.preprocess(
    unsetIfBlank,
    z.hostname({ error: "must be a host name such as shop.example.com" }).optional(),
  ),
  API_URL: optionalUrl,
  PASS_API_URL: optionalUrl,
  TICKETS_API_URL: optionalUrl,
  HUB_URL: optionalUrl,
  SITE_URL: optionalUrl,
  REQ_SOURCE_ID: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .regex(/^\d+$/, { error: "must be a request source id from 1 to 8" })
      .transform(Number)
      .refine(isReqSourceId, { error: "must be a request source id from 1 to 8" })
      .optional(),
  ),
  DEBUG_ACCOUNT_IDS: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .transform((list) =>
        list
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      )
      .optional(),
  ),
  STAFF_EMAIL_DOMAIN: z.preprocess((value) => {
    const v = unsetIfBlank(value);
    return typeof v === "string" ? v.replace(/^@/, "").toLowerCase() : v;
  }, z.hostname({ error: "must be a domain such as example.com" }).optional()),
});

/**
 * Reads and validates the configuration from environment variables: STAGE, BASE_HOST, API_URL,
 * PASS_API_URL, TICKETS_API_URL, HUB_URL, SITE_URL, REQ_SOURCE_ID, DEBUG_ACCOUNT_IDS, STAFF_EMAIL_DOMAIN.
 * Returns a frozen config; throws a {@link ConfigError} naming each bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const result = ENV_SCHEMA.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? "environment");
        const raw = env[variable];
        return {
          variable,
          message: raw === undefined ? issue.message : `${issue.message} (got ${JSON.stringify(raw)})`,
        };
      }),
    );
  }
  const vars = result.data;
  const stage = vars.STAGE;
  const overrides: StageHostOverrides = {};
  if (vars.BASE_HOST) overrides.host = vars.BASE_HOST;
  if (vars.API_URL) overrides.api = vars.API_URL;
  if (vars.PASS_API_URL) overrides.pass = vars.PASS_API_URL;
  if (vars.TICKETS_API_URL) overrides.tickets = vars.TICKETS_API_URL;
  if (vars.HUB_URL) overrides.hub = vars.HUB_URL;
  const hosts = stageHosts(stage, overrides);
  const defaultSite =
    stage === "development" && !vars.BASE_HOST
      ? DEFAULT_DEVELOPMENT_SITE_URL
      : `https://${vars.BASE_HOST ?? DEFAULT_STAGE_HOSTS[stage]}`;
  return Object.freeze({
    stage,
    apiUrl: hosts.api,
    passApiUrl: hosts.pass,
    ticketsApiUrl: hosts.tickets,
    hubUrl: hosts.hub,
    siteUrl: vars.SITE_URL ?? defaultSite,
    reqSourceId: vars.REQ_SOURCE_ID ?? REQ_SOURCE.WEB,
    debugAccountIds: Object.freeze([...(vars.DEBUG_ACCOUNT_IDS ?? [])]),
    staffEmailDomain: vars.STAFF_EMAIL_DOMAIN,
  });
}

/** Tracking runs only on deployed stages or locally, never in e.g. a CI or test build (spec §9). */
export function isTrackingEnabled(stage: Stage, isLocal: boolean): boolean {
  return isLocal || (DEPLOYED_STAGES as readonly Stage[]).includes(parseStage(stage));
}

/** Who asks for debug mode: the stage and, when logged in, the account id and e-mail. */
export interface DebugSubject {
  /** Stage the storefront runs in. */
  readonly stage: Stage;
  /** Account id of the logged-in user, if any. */
  readonly accountId?: string | number | null | undefined;
  /** E-mail of the logged-in user, if any. */
  readonly email?: string | null | undefined;
}

/**
 * Debug mode (spec §6): allowed outside production, for the configured account ids, or for an e-mail whose
 * domain is exactly the provider's staff domain (case-insensitive; sub-domains and look-alikes do not match).
 */
export function isDebugAllowed(
  subject: DebugSubject,
  allowedIds: readonly (string | number)[],
  staffDomain: string | undefined,
): boolean {
  if (parseStage(subject.stage) !== "production") return true;
  const { accountId, email } = subject;
  if (accountId !== undefined && accountId !== null && String(accountId).trim() !== "") {
    const id = String(accountId).trim();
    if (allowedIds.some((allowed) => String(allowed).trim() === id)) return true;
  }
  const domain = staffDomain?.trim().replace(/^@/, "").toLowerCase();
  if (!domain || typeof email !== "string") return false;
  const at = email.trim().lastIndexOf("@");
  if (at <= 0) return false;
  return (
    email
      .trim()
      .slice(at + 1)
      .toLowerCase() === domain
  );
}
