/**
 * The storefront's session endpoints `/api/auth/*` (DESIGN §2, spec §3 and §7 "Web app call"): they sign in
 * through the pass service (credentials, passwordless access code, or a token the service already answered)
 * and keep its token in the session cookies; `GET /api/auth/user` answers the signed-in account and whether
 * it may open the staff debugger (`lib/debug-access.ts`, with this server's stage and staff); logout
 * revokes the token and clears the cookies. Bodies are checked by the contract; refusals are the contract's
 * `ErrorBody`; the pass service's refusals (and its rate limits, with Retry-After) are passed through.
 */
import { type Context, Hono } from "hono";
import type { z } from "zod/mini";
import { type ApiClient, ApiError, createPassClient } from "../client/index.ts";
import type { Account } from "../contract/account.ts";
import type { ErrorBody } from "../contract/common.ts";
import { CALLS } from "../contract/index.ts";
import { DEFAULT_STAGE } from "../lib/config.ts";
import { type DebugAccess, isDebugAllowed } from "../lib/debug-access.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../lib/i18n/config.ts";
import type { Logger } from "../lib/logger.ts";
import type { TrustProxy } from "../lib/trust-proxy.ts";
import { isHttps, type NodeEnv, requestClientAddress } from "./request.ts";
import {
  clearedSessionCookies,
  cookiesSecure,
  isForeignOrigin,
  sessionCookies,
  sessionToken,
} from "./session-cookies.ts";

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions {
  /** The pass service as this server reaches it (PASS_API_URL). */
  passApiUrl: string;
  /** Proxies believed about the scheme and the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** Where failures of the pass service are logged. */
  logger: Logger;
  /** The stage and its staff: who may open the debugger (development, so anyone, when not given). */
  debugAccess?: DebugAccess | undefined;
}

/** A refusal of the storefront itself, as the contract's ErrorBody. */
function refusal(name: string, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { errorText: `ERROR_${name.toUpperCase()}`, type: name, message, ...extra };
}

/** The language of a request: the first supported one of Accept-Language, else the default. */
function requestLocale(c: Context): Locale {
  // Stryker disable next-line StringLiteral: equivalent, any text that names no language asks in the default
  const header = c.req.header("accept-language") ?? "";
  for (const part of header.split(",")) {
    // Stryker disable next-line OptionalChaining: equivalent, a split gives at least one part
    const code = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

/** Builds the `/api/auth` routes (mounted by app.ts). */
export function authRoutes(opts: AuthRoutesOptions): Hono<NodeEnv> {
  const app = new Hono<NodeEnv>();
  // In development anyone may debug: the stage decides alone, whatever the staff list says.
  // Stryker disable next-line ObjectLiteral,ArrayDeclaration: equivalent, no staff is asked for in development
  const debugAccess = opts.debugAccess ?? { stage: DEFAULT_STAGE, accountIds: [], emailDomain: undefined };

  /** A client of the pass service for one request, with its own token store, speaking the request's language. */
  const passFor = (c: Context<NodeEnv>, token?: string): ApiClient => {
    const client = createPassClient({
      baseUrl: opts.passApiUrl,
      locale: requestLocale(c),
      // Stryker disable next-line StringLiteral: the context sets the call's 15 s timeout, which no test waits out
      context: "server",
    });
    client.tokenStore.setToken(token ?? null);
    return client;
  };
  /** The client's address for the pass service's per-client limits (believed only if it trusts this server). */
  const forwarded = (c: Context<NodeEnv>): Record<string, string> => ({
    "X-Forwarded-For": requestClientAddress(c, opts.trustProxy),
  });
  const secure = (c: Context<NodeEnv>): boolean =>
    cookiesSecure(isHttps(c, opts.trustProxy), c.req.header("host"));

  const answer = (status: number, body: unknown, cookies: string[] = []): Response => {
    const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return new Response(JSON.stringify(body), { status, headers });
  };

  /** The signed-in answer, with fresh cookies. */
  const signedIn = (c: Context<NodeEnv>, token: string, account: Account): Response =>
    answer(200, { errorText: "OK", userAccount: account, token }, sessionCookies(token, secure(c)));

  /** Passes a failure of the pass service on: its 4xx refusals as they are, anything else as 502. */
  const failed = (c: Context<NodeEnv>, error: unknown, cookies: string[] = []): Response => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const body = (error.body && typeof error.body === "object" ? error.body : {}) as Partial<ErrorBody>;
      const out = refusal(error.name, error.message, body);
      const response = answer(error.status, out, cookies);
      if (error.status === 429 && body.retryAfter) {
        response.headers.set("Retry-After", String(body.retryAfter));
      }
      return response;
    }
    opts.logger.error(`${c.req.path}: ${error instanceof Error ? error.message : String(error)}`);
    return answer(502, refusal("no_response", "The pass service did not answer"), cookies);
  };

  /** The body of a request checked by a call's schema, or the 400 answer. */
  const readBody = async <S extends z.ZodMiniType>(
    c: Context<NodeEnv>,
    schema: S,
  ): Promise<{ data: z.infer<S> } | { response: Response }> => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return { response: answer(400, refusal("invalid_input", "The body is not JSON")) };
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) return { data: parsed.data };
    const issues = parsed.error.issues.map((issue) => ({
      // Stryker disable next-line StringLiteral: equivalent, no body of these calls nests an object
      path: issue.path.map(String).join("."),
      message: issue.message,
    }));
    // Stryker disable next-line OptionalChaining: equivalent, a refused parse names at least one issue
    const field = issues[0]?.path;
    return {
      response: answer(
        400,
        refusal("invalid_input", issues.map((i) => `${i.path}: ${i.message}`).join("; "), {
          issues,
          ...(field ? { field } : {}),
        }),
      ),
    };
  };

  // State-changing calls from another site's pages are refused.
  app.use(async (c, next) => {
    const origin = c.req.header("origin");
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    if (!reads && isForeignOrigin(origin, c.req.header("host"))) {
      return answer(403, refusal("forbidden_origin", `Requests from ${origin} are not allowed`));
    }
    return next();
  });

  app.post("/login", async (c) => {
    const body = await readBody(c, CALLS["web.login"].body);
    if ("response" in body) return body.response;
    try {
      const { token, account } = await passFor(c).call(CALLS["auth.login"], {
        body: body.data,
        headers: forwarded(c),
      });
      return signedIn(c, token, account);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post("/passwordless", async (c) => {
    const body = await readBody(c, CALLS["web.passwordless"].body);
    if ("response" in body) return body.response;
    try {
      const { token, account } = await passFor(c).call(CALLS["auth.loginWithAccessCode"], {
        body: body.data,
        headers: forwarded(c),
      });
      return signedIn(c, token, account);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post("/token", async (c) => {
    const body = await readBody(c, CALLS["web.token"].body);
    if ("response" in body) return body.response;
    try {
      const pass = passFor(c, body.data.token);
      const { token, account } = await pass.call(CALLS["account.byToken"], { headers: forwarded(c) });
      return signedIn(c, token, account);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.get("/user", async (c) => {
    const cleared = clearedSessionCookies(secure(c));
    const token = sessionToken(c.req.header("cookie"));
    if (!token) return answer(401, refusal("unauthorized", "Not signed in"), cleared);
    try {
      const { account } = await passFor(c, token).call(CALLS["account.byToken"], {
        headers: forwarded(c),
      });
      const debugAllowed = isDebugAllowed(debugAccess, account);
      return answer(200, { errorText: "OK", userAccount: account, token, debugAllowed });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        return answer(401, refusal("unauthorized", "The session has ended"), cleared);
      }
      return failed(c, error);
    }
  });

  app.post("/logout", async (c) => {
    const cleared = clearedSessionCookies(secure(c));
    const token = sessionToken(c.req.header("cookie"));
    // Stryker disable next-line ConditionalExpression: equivalent, the client makes no secure call without a token
    if (token) {
      try {
        await passFor(c, token).call(CALLS["auth.logout"], { headers: forwarded(c) });
      } catch (error) {
        // Signed out here either way; a token the service no longer knows is already revoked.
        if (!(error instanceof ApiError && error.status === 401)) {
          opts.logger.warn(`logout: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    return answer(200, { errorText: "OK" }, cleared);
  });

  app.all("*", (c) => answer(404, refusal("not_found", `No ${c.req.method} ${c.req.path}`)));

  return app;
}
