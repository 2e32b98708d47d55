/**
 * Serving contract calls: each call of `src/contract` is mounted from its definition, its path, query and
 * body are validated by the contract's schemas, and its answer is checked against the response schema.
 * Handlers only see valid, typed input and return the success body (or throw a `ServiceError`). A secure
 * call's bearer token is checked first, before its input or its 501: without a valid token it is a 401.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Context, Hono } from "hono";
import type { z } from "zod/mini";
import { type CallDef, isJsonCall, isPersonalCall, toColonPath } from "../contract/define.ts";
import { DEFAULT_LOCALE, LOCALES } from "../lib/i18n/config.ts";
import { bearerToken, type TokenAccount, type TokenVerifier } from "./auth.ts";
import { atOneInstant, type Clock } from "./clock.ts";
import { withReadMemo } from "./db/read-memo.ts";
import { badRequest, ServiceError, unauthorized } from "./errors.ts";

/**
 * The locales the service answers texts in: the storefront's (`LOCALES` of lib/i18n); the first is the
 * default.
 */
export const SERVICE_LOCALES = LOCALES;
/** A locale the service answers texts in. */
export type ServiceLocale = (typeof SERVICE_LOCALES)[number];

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** What a handler receives: the validated input of its call and the request's context. */
export interface CallInput<C extends CallDef> {
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
  /** Language of the request (`Accept-Language`), cs when absent or unsupported. */
  locale: ServiceLocale;
  /** Bearer token of a secure call (always present), or of a `withToken` call that sent one. */
  token: string | undefined;
  /** The account of that token. */
  account: TokenAccount | undefined;
  /** `Idempotency-Key` header, when sent. */
  idempotencyKey: string | undefined;
  /** The request source channel (`reqSourceId` header), 1 = WEB when absent. */
  reqSourceId: number;
  /** The Hono context, for the rare handler that needs headers or a raw response. */
  c: Context;
}

/** The success body of a call without its `errorText: "OK"`, which the mount layer adds. */
export type CallResult<C extends CallDef> = Omit<z.input<C["response"]>, "errorText">;

/**
 * A handler returns the success body of its call (without errorText), or a raw Response for non-JSON calls.
 */
export type CallHandler<C extends CallDef> = (input: CallInput<C>) => Promise<CallResult<C> | Response>;

/** Handlers by call id; each area fills its part. */
export class HandlerTable {
  readonly #handlers = new Map<string, CallHandler<CallDef>>();

  /** Registers the handler of one call; a call can be served once. */
  serve<C extends CallDef>(def: C, handler: CallHandler<C>): void {
    if (this.#handlers.has(def.id)) throw new Error(`The call ${def.id} is served twice`);
    this.#handlers.set(def.id, handler as unknown as CallHandler<CallDef>);
  }

  /** The handler of a call, if one is registered. */
  get(id: string): CallHandler<CallDef> | undefined {
    return this.#handlers.get(id);
  }

  /** Ids of the calls that have a handler. */
  ids(): string[] {
    return [...this.#handlers.keys()];
  }
}

/** Picks the request's language from Accept-Language (first supported one), cs by default. */
export function pickLocale(header: string | undefined): ServiceLocale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(",")
    .map((part) => {
      const [tag = "", q] = part.trim().split(";q=");
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .sort((a, b) => b.q - a.q);
  for (const { lang } of wanted) {
    if ((SERVICE_LOCALES as readonly string[]).includes(lang)) return lang as ServiceLocale;
  }
  return DEFAULT_LOCALE;
}

/**
 * Turns zod issues into `{ path, message }` pairs with a prefix naming where the field was (path, query,
 * body).
 */
function issuesOf(where: string, error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
}

/** Reads a JSON body; an empty or malformed one is a 400 naming the body. */
async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError(400, "VALIDATION", "body: Malformed JSON", { field: "body" });
  }
}

/** Options of mounting: whether outgoing bodies are checked against the contract. */
export interface MountOptions {
  checkResponses: boolean;
  /** Answer for a call that has no handler (throws the refusal). */
  unserved: (def: CallDef) => never;
  /** Runs after the input is valid and before the handler: refuses a client over its limits. */
  guard?: (def: CallDef, c: Context, input: CallInput<CallDef>) => Promise<void>;
  /** Checks the bearer tokens of secure calls. */
  auth: TokenVerifier;
  /** The handlers' clock, held at one instant while an answer is built in several languages. */
  clock: Clock;
}

/** The token and account of a secure call; a missing or invalid token is a 401. Public calls get neither. */
async function authenticate(
  def: CallDef,
  c: Context,
  auth: TokenVerifier,
): Promise<{ token: string | undefined; account: TokenAccount | undefined }> {
  const header = c.req.header("authorization");
  // A public call a signed-in client may make (`withToken`, order creation) is anonymous without a token;
  // a token that is not (or no longer) valid is a 401 there too, so a stale session never quietly becomes
  // an anonymous request.
  if (!def.secure && (!def.withToken || header === undefined))
    return { token: undefined, account: undefined };
  const token = bearerToken(header);
  const account = token ? await auth.verify(token) : null;
  if (!token || !account) throw unauthorized(def.id, token !== undefined);
  return { token, account };
}

/** The account id of a secure call's token, which the mount layer checked before the handler runs. */
export function accountIdOf(input: { account: TokenAccount | undefined }): string {
  if (!input.account) throw new Error("accountIdOf is for the handlers of secure calls");
  return input.account.accountId;
}

/** Mounts every call, in contract order, on the app. */
export function mountCalls(
  app: Hono,
  calls: readonly CallDef[],
  table: HandlerTable,
  opts: MountOptions,
): void {
  for (const def of calls) {
    const method = def.method.toLowerCase() as "get" | "post" | "delete";
    const handler = table.get(def.id);
    if (!handler) {
      // Not served yet: answer that before looking at the input, so the answer does not depend on it.
      app[method](toColonPath(def.path), async (c) => {
        await authenticate(def, c, opts.auth);
        return opts.unserved(def);
      });
      continue;
    }
    const personal = isPersonalCall(def);
    app[method](toColonPath(def.path), async (c) => {
      // Personal answers, refusals included, are kept by no browser or shared cache.
      if (personal) c.header("Cache-Control", NO_STORE);
      const input = await parseInput(def, c, await authenticate(def, c, opts.auth));
      await opts.guard?.(def, c, input);
      const languages = requestedLanguages(def, c.req.header("x-languages"));
      if (languages) {
        // Build mode: the same answer in several languages, one entry per language (see HEADERS.languages).
        // At one instant, the rows are read once (`withReadMemo`); each language after the first only
        // localizes them. The instant is the start of the second, so the requests a page makes at once
        // read at the same instant, which lets the embedded engine's requests share their reads.
        return atOneInstant(
          opts.clock,
          () =>
            withReadMemo(async () => {
              // Each language is built, checked and written out as JSON in a turn of its own, so a long list
              // (every event: 5 MB in four languages) does not hold up other requests for all four at once.
              const parts: Buffer[] = [];
              for (const [i, locale] of languages.entries()) {
                if (i > 0) await nextTurn();
                const result = await handler({ ...input, locale });
                if (result instanceof Response) return personal ? noStore(result) : result;
                const answer = checked(def, { errorText: "OK", ...(result as object) }, opts.checkResponses);
                parts.push(
                  Buffer.from(`${i > 0 ? "," : ""}${JSON.stringify(locale)}:${JSON.stringify(answer)}`),
                );
              }
              await nextTurn();
              // The same bytes as `c.json({ errorText: "OK", languages })`.
              const body = Buffer.concat([
                Buffer.from('{"errorText":"OK","languages":{'),
                ...parts,
                Buffer.from("}}"),
              ]);
              return c.body(body, 200, { "Content-Type": "application/json" });
            }),
          BUILD_INSTANT_STEP_MS,
        );
      }
      const result = await handler(input);
      if (result instanceof Response) return personal ? noStore(result) : result;
      if (!isJsonCall(def)) throw new Error(`The handler of ${def.id} must return a Response`);
      return c.json(checked(def, { errorText: "OK", ...(result as object) }, opts.checkResponses));
    });
  }
}

/** Build-mode answers are for the start of the current second (see `mountCalls`). */
const BUILD_INSTANT_STEP_MS = 1000;

/** Cache-Control of personal answers. */
const NO_STORE = "no-store";

/** A raw answer of a personal call with `Cache-Control: no-store`, whatever its handler set. */
function noStore(res: Response): Response {
  res.headers.set("Cache-Control", NO_STORE);
  return res;
}

/** The body, after checking it against the call's answer schema when checks are on. */
function checked(def: CallDef, body: object, check: boolean): object {
  if (!check) return body;
  const result = def.response.safeParse(body);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(
      `The answer of ${def.id} breaks the contract at ${first?.path.join(".") || "(root)"}: ${first?.message}`,
    );
  }
  return body;
}

/** The languages of a build-mode GET (`X-Languages`), or undefined for an ordinary request. */
function requestedLanguages(def: CallDef, header: string | undefined): ServiceLocale[] | undefined {
  if (!header || def.method !== "GET" || !isJsonCall(def)) return undefined;
  const wanted = header.split(",").map((part) => part.trim().toLowerCase());
  const unknown = wanted.filter((lang) => !(SERVICE_LOCALES as readonly string[]).includes(lang));
  if (unknown.length > 0 || wanted.length === 0) {
    throw new ServiceError(400, "VALIDATION", `X-Languages: unknown language "${unknown[0] ?? ""}"`, {
      field: "headers.X-Languages",
    });
  }
  return [...new Set(wanted)] as ServiceLocale[];
}

/** Validates path, query and body of a request against its call's schemas. */
async function parseInput(
  def: CallDef,
  c: Context,
  auth: { token: string | undefined; account: TokenAccount | undefined },
): Promise<CallInput<CallDef>> {
  const issues: { path: string; message: string }[] = [];
  const parse = (where: string, schema: z.ZodMiniType | undefined, value: unknown): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    issues.push(...issuesOf(where, result.error));
    return undefined;
  };
  const params = parse("path", def.params, c.req.param());
  const query = parse("query", def.query, c.req.query());
  const body = def.body ? parse("body", def.body, await readJson(c)) : undefined;
  if (issues.length > 0) throw badRequest(issues);

  const reqSource = Number(c.req.header("reqSourceId") ?? 1);
  return {
    params,
    query,
    body,
    locale: pickLocale(c.req.header("accept-language")),
    ...auth,
    idempotencyKey: c.req.header("idempotency-key") || undefined,
    reqSourceId: Number.isInteger(reqSource) && reqSource > 0 ? reqSource : 1,
    c,
  } as CallInput<CallDef>;
}
