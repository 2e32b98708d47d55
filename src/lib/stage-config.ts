/**
 * The stage configuration (spec §9): the stage and its four public hosts (api, pass, tickets, hub), each an
 * origin such as `https://api.example.cz`, and the address the build and the server reach the pass service
 * at (`PASS_API_URL`, which may be internal). Parsed once at start-up from the environment, which is passed
 * in (this module runs in the browser too); a refused configuration throws one error naming each bad
 * variable. Development needs no configuration: every host defaults to the embedded pass service.
 */
import { z } from "zod";
import { DEPLOYED_STAGES, isLocalHost, type Stage, stageFromEnv } from "./config.ts";
import { type PublicStageConfig, STAGE_HOSTS, type StageHost } from "./stage-public.ts";

/** The environment variable that names each public host. */
export const STAGE_HOST_VARIABLES = {
  api: "API_URL",
  pass: "PASS_PUBLIC_URL",
  tickets: "TICKETS_API_URL",
  hub: "HUB_URL",
} as const satisfies Record<StageHost, string>;

/** Port of the embedded pass service when PASS_PORT is not set. */
export const DEFAULT_PASS_PORT = 4322;

/** The parsed stage configuration of a build or a server. */
export interface StageConfig {
  /** The deployment stage (`STAGE`). */
  readonly stage: Stage;
  /** The stage's public hosts as origins (on development by default the pass service's address). */
  readonly hosts: Readonly<Record<StageHost, string>>;
  /** The pass service as the build and the server reach it (`PASS_API_URL`, not shown to pages). */
  readonly passApiUrl: string;
}

/** An environment as the process has it. */
type Env = Readonly<Record<string, string | undefined>>;

/** The embedded pass service's address when PASS_API_URL is not set: HOST (127.0.0.1) and PASS_PORT. */
export function embeddedPassUrl(env: Env): string {
  return `http://${env.HOST || "127.0.0.1"}:${env.PASS_PORT || DEFAULT_PASS_PORT}`;
}

/** An optional variable: unset and blank are the same. */
const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const EnvSchema = z.object({
  STAGE: z
    .string()
    .optional()
    .transform((value, ctx): Stage => {
      try {
        return stageFromEnv({ STAGE: value });
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  PASS_API_URL: optional.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  ),
  ...(Object.fromEntries(Object.values(STAGE_HOST_VARIABLES).map((name) => [name, optional])) as Record<
    (typeof STAGE_HOST_VARIABLES)[StageHost],
    typeof optional
  >),
});

/** Why a host is refused on `stage`, or undefined when it is fine. */
function hostProblem(value: string, stage: Stage): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be an address such as https://api.example.cz (got ${JSON.stringify(value)})`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `must be an https:// address (got ${value})`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") {
    return `must be a scheme and a host only, such as https://api.example.cz (got ${value})`;
  }
  if (stage === "development") return undefined;
  if (url.protocol !== "https:") return `must be an https:// address on the ${stage} stage (got ${value})`;
  if (stage === "production" && isLocalHost(url.hostname)) {
    return `must not be a host of this machine on the production stage (got ${value})`;
  }
  return undefined;
}

/**
 * Parses the stage configuration of an environment: `STAGE` (development when unset), `PASS_API_URL`
 * (the embedded service when unset) and the four hosts. On development a missing host is the pass service;
 * on staging, beta and production every host must be given as an https origin, and on production none may
 * be this machine. Throws an Error whose message names each refused variable and why.
 */
export function parseStageConfig(env: Env): StageConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw stageConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const { STAGE: stage, PASS_API_URL } = parsed.data;
  const passApiUrl = (PASS_API_URL ?? embeddedPassUrl(env)).replace(/\/+$/, "");
  const deployed = (DEPLOYED_STAGES as readonly Stage[]).includes(stage);
  const problems: string[] = [];
  const hosts = {} as Record<StageHost, string>;
  for (const host of STAGE_HOSTS) {
    const name = STAGE_HOST_VARIABLES[host];
    const value = parsed.data[name];
    if (value === undefined) {
      if (deployed) problems.push(`${name}: missing; the ${stage} stage needs its ${host} host`);
      hosts[host] = passApiUrl;
      continue;
    }
    const problem = hostProblem(value, stage);
    if (problem) problems.push(`${name}: ${problem}`);
    else hosts[host] = new URL(value).origin;
  }
  if (problems.length > 0) throw stageConfigError(problems, stage);
  return Object.freeze({ stage, hosts: Object.freeze(hosts), passApiUrl });
}

/** One error listing every problem of a configuration. */
function stageConfigError(problems: readonly string[], stage?: Stage): Error {
  const of = stage ? ` of the ${stage} stage` : "";
  return new Error(`Refusing to start: the stage configuration${of} is invalid:\n  ${problems.join("\n  ")}`);
}

/** What a page may show of a stage configuration (the debugger, deep links): stage, release and hosts. */
export function publicStageConfig(config: StageConfig, release: string): PublicStageConfig {
  return { stage: config.stage, release, hosts: { ...config.hosts } };
}
