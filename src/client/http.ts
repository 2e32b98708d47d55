/**
 * The typed HTTP client of the contract: builds requests from a `CallDef`, sends the common headers and the
 * bearer token, parses answers with the call's response schema and turns every failure into an `ApiError`
 * exactly as spec §8 says:
 *
 * | situation                                   | error                                                       |
 * |---------------------------------------------|-------------------------------------------------------------|
 * | 2xx whose `errorText` is not "OK"           | name from errorText (ERROR_ removed, lower case), status 500 |
 * | HTTP failure (non-2xx)                      | name from body.type, else errorText, else error; default `api_error`; status of the response |
 * | no response (network error, abort, timeout) | `no_response`, status 0                                      |
 * | anything else (bad JSON, contract mismatch) | `request_fail`, status 0 (or the response status)           |
 *
 * JSON calls resolve to the parsed response. Calls that produce another media type (PDF, images) resolve to
 * the raw `Response` of a 2xx answer, body unread (read it before the client's timeout ends, or pass the
 * URL from `client.url()` to an `<a>`/`<img>` instead).
 */
import type { z } from "zod/mini";
import { HEADERS, OK_TEXT } from "../contract/common.ts";
import {
  type CallBody,
  type CallDef,
  type CallParams,
  type CallQuery,
  type CallResponse,
  isJsonCall,
} from "../contract/define.ts";
import { reqSource } from "../lib/enums/req-source.ts";
import type { Locale } from "../lib/i18n/config.ts";
import { randomUuid } from "../lib/ids.ts";
import { ApiError, CLIENT_ERROR_NAMES, normalizeErrorName } from "./errors.ts";

/** Holds the bearer token; one store shared by the pass and tickets clients (spec §4). */
export interface TokenStore {
  /** The current token, or null when logged out. */
  getToken(): string | null;
  /** Sets (or with null clears) the token for every client using this store. */
  setToken(token: string | null): void;
}

/** A token store in memory. On a server, create one per request; never share one between users. */
export function createTokenStore(initial: string | null = null): TokenStore {
  let token = initial;
  return {
    getToken: () => token,
    setToken: (next) => {
      token = next === "" ? null : next;
    },
  };
}

/** Options of `createApiClient`. */
export interface ApiClientOptions {
  /** Base URL of the service, e.g. `http://localhost:4322`; "" for the page's own origin. */
  baseUrl: string;
  /** Sent as `X-Agent-Version`, e.g. the storefront version. */
  agentVersion: string;
  /** Sent as `X-Agent-Source`, e.g. "web". */
  agentSource: string;
  /** Sent as `Accept-Language`; the service answers texts in it. */
  language: Locale;
  /** Request source id sent as `reqSourceId` (spec §3): 1 WEB (default), 2 Android, 3 iOS, 4–8 partners. */
  reqSourceId?: number;
  /** The fetch to use (default `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
  /** Abort a request after this many milliseconds (default 15000). */
  timeoutMs?: number;
  /** Share one promise between identical GET calls (for builds; see `clearMemo`). Default false. */
  memoizeGet?: boolean;
  /** Where the bearer token lives (default: a new store for this client). */
  tokenStore?: TokenStore;
  /** Check params, query and body against the contract before sending (default true). */
  validateRequests?: boolean;
  /**
   * The schema an answer of a call is checked against (default: the call's `response`). The server's clients
   * pass the contract's schemas compiled (`compiledAnswer`, ./compiled-answers.ts).
   */
  answerSchema?: (def: CallDef) => z.ZodMiniType;
  /**
   * With `memoizeGet`: memoised GETs fetch these languages in ONE request (`X-Languages`), shared by the
   * clients of every one of them, so a page pre-rendered in four locales costs one fetch per entity.
   */
  batchLanguages?: readonly Locale[];
}

/** Options every call accepts. */
export interface BaseCallOptions {
  /** Extra headers (they win over the defaults). */
  headers?: Record<string, string>;
  /** Aborts the request; combined with the client's timeout. */
  signal?: AbortSignal;
  /** Language of this call instead of the client's. */
  language?: Locale;
}

type NoKeys = Record<never, never>;
type ParamsOption<C extends CallDef> = C extends { params: z.ZodMiniType }
  ? { params: CallParams<C> }
  : { params?: undefined };
type QueryOption<C extends CallDef> = C extends { query: z.ZodMiniType }
  ? NoKeys extends CallQuery<C>
    ? { query?: CallQuery<C> }
    : { query: CallQuery<C> }
  : { query?: undefined };
type BodyOption<C extends CallDef> = C extends { body: z.ZodMiniType }
  ? { body: CallBody<C> }
  : { body?: undefined };
type IdempotencyOption<C extends CallDef> = C extends { idempotent: true }
  ? { idempotencyKey: string }
  : { idempotencyKey?: undefined };

/** Options of a call, typed from its definition: params, query and body as the contract says. */
export type CallOptions<C extends CallDef> = BaseCallOptions &
  ParamsOption<C> &
  QueryOption<C> &
  BodyOption<C> &
  IdempotencyOption<C>;

/** What a call resolves to: the parsed JSON answer, or the raw `Response` for PDF and image calls. */
export type CallResult<C extends CallDef> = C extends {
  produces: "application/pdf" | "image/png" | "image/svg+xml";
}
  ? Response
  : CallResponse<C>;

/** Arguments after the def: options are optional when the call needs nothing. */
export type CallArgs<C extends CallDef> =
  NoKeys extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

/** A client of one service. */
export interface ApiClient {
  /** Base URL of the service. */
  readonly baseUrl: string;
  /** Language sent with every call. */
  readonly language: Locale;
  /** Token store of the client (shared when created with `createClients`). */
  readonly tokenStore: TokenStore;
  /** Sends a call of the contract; rejects with an `ApiError`. */
  call<C extends CallDef>(def: C, ...args: CallArgs<C>): Promise<CallResult<C>>;
  /** Absolute (or base-relative) URL of a call, e.g. for `<img src>` or a PDF link. */
  url<C extends CallDef>(def: C, options?: { params?: CallParams<C>; query?: CallQuery<C> }): string;
  /** A link of an answer (`Href`) made absolute: root-relative paths resolve against the service's base URL. */
  resolve(href: string): string;
  /** The same client speaking another language (shares token store and memo). */
  withLanguage(language: Locale): ApiClient;
}

/**
 * Promises of memoised GET calls, shared by every client of the process (builds render pages in one process),
 * least recently used first. At most `MEMO_MAX` are kept: a render worker renders pages of a whole run, and its
 * memory stays flat however large the catalog (the pages of one event render together and ask for the same
 * answers, so an answer is dropped only once no page being rendered needs it).
 */
const memo = new Map<string, Promise<unknown>>();

/** Memoised answers kept at most (each the answer of one call, in every batched language). */
export const MEMO_MAX = 4000;

/** The memoised promise of a key, now the most recently used. */
function memoised(key: string): Promise<unknown> | undefined {
  const hit = memo.get(key);
  if (hit) {
    memo.delete(key);
    memo.set(key, hit);
  }
  return hit;
}

/** Memoises a promise (dropping the least recently used beyond `MEMO_MAX`) and forgets it if it fails. */
function memoise<T>(key: string, promise: Promise<T>): Promise<T> {
  memo.set(key, promise);
  if (memo.size > MEMO_MAX) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
  promise.catch(() => {
    if (memo.get(key) === promise) memo.delete(key);
  });
  return promise;
}

/** Forgets every memoised GET answer (between builds, or in tests). */
export function clearMemo(): void {
  memo.clear();
}

/** Number of memoised GET answers held. */
export function memoSize(): number {
  return memo.size;
}

/** Replaces `{name}` placeholders of a path with URI-encoded values. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") {
      throw new ApiError(CLIENT_ERROR_NAMES.requestFail, 0, `Missing path parameter "${name}" of ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** A query string (with its `?`) from an object; undefined and null values are skipped, arrays repeat the key. */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The URL of a call: base URL without trailing slash, substituted path, query string. */
export function buildUrl(
  baseUrl: string,
  def: Pick<CallDef, "path">,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  return `${baseUrl.replace(/\/+$/, "")}${buildPath(def.path, params)}${buildQuery(query)}`;
}

/** A service link made absolute: root-relative paths are prefixed with the base URL; other links stay. */
export function resolveHref(baseUrl: string, href: string): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  return `${baseUrl.replace(/\/+$/, "")}${href}`;
}

/** `call.id: path.to.field: message; …` for the issues of a failed parse. */
export function describeIssues(callId: string, issues: readonly z.core.$ZodIssue[], prefix?: string): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== "").join(".");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > 5 ? `; and ${issues.length - 5} more` : "";
  return `${callId}: ${parts.join("; ")}${more}`;
}

/** The fields of a parsed answer; a value that is no object (null, a number, a string) has none of ours. */
function fieldsOf(value: unknown): Record<string, unknown> {
  return Object(value) as Record<string, unknown>;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === "string" && v.trim() !== "");
}

/** The error of a non-2xx answer (spec §8 "HTTP failure"). */
function httpError(def: CallDef, res: Response, text: string): ApiError {
  let body: unknown = text;
  try {
    body = text === "" ? undefined : JSON.parse(text);
  } catch {
    // A non-JSON error body (an HTML error page, a proxy's text) still gives `api_error`.
  }
  const fields = fieldsOf(body);
  const rawName = firstString(fields.type, fields.errorText, fields.error);
  const name = rawName ? normalizeErrorName(rawName) : CLIENT_ERROR_NAMES.apiError;
  const message = firstString(fields.message, fields.errorText) ?? (res.statusText || `HTTP ${res.status}`);
  return new ApiError(name, res.status, message, { body, call: def.id });
}

function noResponse(def: CallDef, cause: unknown, timedOut: boolean, timeoutMs: number): ApiError {
  const reason = timedOut
    ? `timed out after ${timeoutMs} ms`
    : cause instanceof Error
      ? cause.message || cause.name
      : String(cause);
  return new ApiError(CLIENT_ERROR_NAMES.noResponse, 0, `${def.id}: no response (${reason})`, {
    call: def.id,
    cause,
  });
}

function requestFail(
  def: CallDef,
  message: string,
  extra: { status?: number; body?: unknown; cause?: unknown } = {},
) {
  return new ApiError(CLIENT_ERROR_NAMES.requestFail, extra.status ?? 0, message, {
    call: def.id,
    body: extra.body,
    cause: extra.cause,
  });
}

/** Creates a client of one service. Every call sends agent version, agent source, language and reqSourceId. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    baseUrl,
    agentVersion,
    agentSource,
    language,
    reqSourceId = reqSource.id.WEB,
    timeoutMs = 15_000,
    memoizeGet = false,
    validateRequests = true,
    answerSchema = (def: CallDef) => def.response,
  } = options;
  const tokenStore = options.tokenStore ?? createTokenStore();
  const fetchImpl =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  async function send(
    def: CallDef,
    url: string,
    init: RequestInit,
    callerSignal?: AbortSignal,
    languages?: readonly Locale[],
  ): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, signal });
    } catch (cause) {
      throw noResponse(def, cause, timeout.aborted, timeoutMs);
    }
    if (res.ok && !isJsonCall(def)) return res;
    let text: string;
    try {
      text = await res.text();
    } catch (cause) {
      throw noResponse(def, cause, timeout.aborted, timeoutMs);
    }
    if (!res.ok) throw httpError(def, res, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw requestFail(def, `${def.id}: the answer is not valid JSON`, {
        status: res.status,
        body: text,
        cause,
      });
    }
    const fields = fieldsOf(body);
    if (typeof fields.errorText === "string" && fields.errorText !== OK_TEXT) {
      const message = firstString(fields.message) ?? fields.errorText;
      throw new ApiError(normalizeErrorName(fields.errorText), 500, message, { body, call: def.id });
    }
    if (languages) {
      const answers = fieldsOf(fields.languages);
      const out: Partial<Record<Locale, unknown>> = {};
      const schema = answerSchema(def);
      for (const lang of languages) {
        const parsed = schema.safeParse(answers[lang]);
        if (!parsed.success) {
          throw requestFail(def, describeIssues(def.id, parsed.error.issues, `languages.${lang}`), {
            status: res.status,
            body,
          });
        }
        out[lang] = parsed.data;
      }
      return out;
    }
    const parsed = answerSchema(def).safeParse(body);
    if (!parsed.success) {
      throw requestFail(def, describeIssues(def.id, parsed.error.issues), { status: res.status, body });
    }
    return parsed.data;
  }

  function check(def: CallDef, part: "params" | "query" | "body", value: unknown): unknown {
    const schema = def[part];
    if (!schema || !validateRequests) return value;
    const parsed = schema.safeParse(value ?? (part === "body" ? undefined : {}));
    if (!parsed.success) throw requestFail(def, describeIssues(def.id, parsed.error.issues, part));
    return parsed.data;
  }

  function makeClient(lang: Locale): ApiClient {
    const client: ApiClient = {
      baseUrl,
      language: lang,
      tokenStore,
      url(def, opts = {}) {
        return buildUrl(
          baseUrl,
          def,
          opts.params as Record<string, unknown> | undefined,
          opts.query as Record<string, unknown> | undefined,
        );
      },
      resolve(href) {
        return resolveHref(baseUrl, href);
      },
      withLanguage(next) {
        return makeClient(next);
      },
      call<C extends CallDef>(def: C, ...args: CallArgs<C>): Promise<CallResult<C>> {
        return execute(def, (args[0] ?? {}) as CallOptionsAny, lang) as Promise<CallResult<C>>;
      },
    };
    return client;
  }

  async function execute(def: CallDef, opts: CallOptionsAny, clientLanguage: Locale): Promise<unknown> {
    const lang = opts.language ?? clientLanguage;
    const token = tokenStore.getToken();
    if (def.secure && !token) {
      throw new ApiError(
        CLIENT_ERROR_NAMES.unauthorized,
        401,
        `${def.id}: this call needs a login (no token)`,
        {
          call: def.id,
        },
      );
    }
    check(def, "params", opts.params);
    check(def, "query", opts.query);
    const body = def.body ? check(def, "body", opts.body) : undefined;

    const url = buildUrl(baseUrl, def, opts.params, opts.query);
    const headers: Record<string, string> = {
      Accept: def.produces ?? "application/json",
      [HEADERS.agentVersion]: agentVersion,
      [HEADERS.agentSource]: agentSource,
      [HEADERS.language]: lang,
      [HEADERS.reqSourceId]: String(reqSourceId),
    };
    if ((def.secure || def.withToken) && token) headers[HEADERS.authorization] = `Bearer ${token}`;
    if (def.idempotent) headers[HEADERS.idempotencyKey] = opts.idempotencyKey ?? randomUuid();
    if (body !== undefined) headers["Content-Type"] = "application/json";
    Object.assign(headers, opts.headers);

    // JSON.stringify(undefined) is undefined: a call without a body sends none.
    const init: RequestInit = { method: def.method, headers, body: JSON.stringify(body) };
    if (def.credentials) init.credentials = "include";

    const memoizable =
      memoizeGet &&
      def.method === "GET" &&
      isJsonCall(def) &&
      !def.secure &&
      !token &&
      !opts.signal &&
      !opts.headers;
    if (!memoizable) return send(def, url, init, opts.signal);
    const batch = options.batchLanguages;
    if (batch?.includes(lang)) {
      const languages = batch.join(",");
      const batchKey = `${def.method} ${url} ${languages}`;
      let all = memoised(batchKey) as Promise<Partial<Record<Locale, unknown>>> | undefined;
      if (!all) {
        const batchInit = { ...init, headers: { ...headers, [HEADERS.languages]: languages } };
        all = memoise(
          batchKey,
          send(def, url, batchInit, undefined, batch) as Promise<Partial<Record<Locale, unknown>>>,
        );
      }
      return all.then((answers) => answers[lang]);
    }
    const key = `${def.method} ${url} ${lang}`;
    return memoised(key) ?? memoise(key, send(def, url, init));
  }

  return makeClient(language);
}

/** Call options without their typing, as the runtime sees them. */
interface CallOptionsAny extends BaseCallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
}
