/**
 * Security headers of the storefront server: a Content-Security-Policy built per HTML page (the hashes of
 * the page's inline scripts and styles, the pass service's origins, the origins of exactly the tracking
 * providers the page's `#site-tracking` block names and of its error-reporting DSN), and the headers every
 * response carries.
 */
import { createHash } from "node:crypto";
import { SITE_TRACKING_ID, trackingIdsFromJson } from "../lib/consent/providers.ts";
import { trackingCsp } from "../lib/consent/sources.ts";
import { type RouteName, routeOf } from "../lib/routes.ts";

/** A CSP directive name mapped to its sources, in order. */
export type CspDirectives = Record<string, string[]>;

/**
 * What an HTML page inlines: the CSP hashes of its scripts and styles, whether it has style attributes, and
 * the third-party sources it names (its tracking providers and error-reporting service).
 */
export interface InlineContent {
  scriptHashes: string[];
  styleHashes: string[];
  /** True when an element carries a `style="…"` attribute: hashes cannot allow those, 'unsafe-inline' can. */
  styleAttributes: boolean;
  /** Sources per directive for the page's tracking providers and error-reporting DSN. */
  sources: CspDirectives;
}

/** A page with nothing inline. */
export const NO_INLINE: InlineContent = {
  scriptHashes: [],
  styleHashes: [],
  styleAttributes: false,
  sources: {},
};

/** The value of an attribute in a tag's attribute text, entity-decoded (`&amp;`, `&quot;`), or undefined. */
function attributeValue(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs);
  const raw = match?.[1] ?? match?.[2] ?? match?.[3];
  return raw?.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}

/** The sources a page's tracking ids and error-reporting DSN need (none for a page without them). */
function pageSources(trackingJson: string | undefined, dsn: string | undefined): CspDirectives {
  const sources: CspDirectives = trackingJson ? { ...trackingCsp(trackingIdsFromJson(trackingJson)) } : {};
  const dsnOrigin = originOf(dsn);
  if (dsnOrigin) sources["connect-src"] = [...new Set([...(sources["connect-src"] ?? []), dsnOrigin])];
  return sources;
}

/** Script types the browser does not execute (data blocks): CSP does not apply to them, so they need no hash. */
const DATA_BLOCK_TYPES = /^(application\/(ld\+)?json|text\/plain|text\/template|application\/x-[\w.+-]+)$/i;

/** The CSP source of a text: `'sha256-…'`. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** Finds the inline scripts and styles of an HTML document and the CSP hashes that allow exactly them. */
export function inlineContent(html: string): InlineContent {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let trackingJson: string | undefined;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\ssrc\s*=/i.test(attrs) || body === "") continue;
    const typeValue = (attributeValue(attrs, "type") ?? "").trim();
    if (typeValue && DATA_BLOCK_TYPES.test(typeValue)) {
      if (attributeValue(attrs, "id") === SITE_TRACKING_ID) trackingJson = body;
      continue;
    }
    scripts.add(cspHash(body));
  }
  const htmlTag = /<html\b([^>]*)>/i.exec(html)?.[1] ?? "";
  const sources = pageSources(trackingJson, attributeValue(htmlTag, "data-error-dsn"));
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    styles.add(cspHash(match[1] ?? ""));
  }
  // A style attribute on an element (not the text "style=" inside a script or a style sheet).
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");
  const styleAttributes = /<[a-z][\w:-]*(?:\s[^>]*?)?\sstyle\s*=/i.test(markup);
  return { scriptHashes: [...scripts], styleHashes: [...styles], styleAttributes, sources };
}

/**
 * Parses extra CSP sources given by an operator (`CSP_EXTRA`), e.g.
 * `"script-src https://www.googletagmanager.com; img-src https://cdn.example"`.
 */
export function parseCspExtra(text: string | undefined): CspDirectives {
  const out: CspDirectives = {};
  for (const part of (text ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    if (!/^[a-z-]+$/.test(name)) throw new Error(`CSP_EXTRA: "${name}" is not a CSP directive name`);
    out[name] = [...(out[name] ?? []), ...sources];
  }
  return out;
}

/** Options of {@link contentSecurityPolicy}. */
export interface CspOptions {
  /** Origins of the services pages load images from, call and post forms to (pass, tickets). */
  serviceOrigins: readonly string[];
  /** What the page inlines (NO_INLINE for anything that is not HTML). */
  inline: InlineContent;
  /** Served over https: adds upgrade-insecure-requests. */
  https: boolean;
  /** Extra sources per directive (CSP_EXTRA). */
  extra?: CspDirectives;
}

/** The Content-Security-Policy of a response. */
export function contentSecurityPolicy(opts: CspOptions): string {
  const services = [...new Set(opts.serviceOrigins)];
  const { inline } = opts;
  const directives: CspDirectives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inline.scriptHashes],
    // Hashes make browsers ignore 'unsafe-inline', so a page with style attributes gets 'unsafe-inline' alone.
    "style-src": inline.styleAttributes ? ["'self'", "'unsafe-inline'"] : ["'self'", ...inline.styleHashes],
    "img-src": ["'self'", "data:", ...services],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...services],
    "form-action": ["'self'", ...services],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  for (const [name, sources] of [...Object.entries(inline.sources), ...Object.entries(opts.extra ?? {})]) {
    // An extra source for a directive not listed falls back to default-src's sources plus the extra ones.
    directives[name] = [...new Set([...(directives[name] ?? directives["default-src"] ?? []), ...sources])];
  }
  const parts = Object.entries(directives).map(([name, sources]) => [name, ...sources].join(" "));
  if (opts.https) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/** Browser features the storefront does not use are switched off; payment stays on for wallet payments. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=(self)",
  "usb=()",
].join(", ");

/**
 * The CSP of a response that is not a page (scripts, styles, images, fonts, data): a browser applies a CSP only to
 * documents and workers, so this one matters only where such a file becomes one. An SVG or a JSON answer opened
 * by itself loads and runs nothing and no page frames it; the one worker script (intl-warm.worker.ts) loads
 * nothing either. About 50 bytes where a page's CSP is 300 and more.
 */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** True for a Content-Type a browser renders as a page (HTML, XHTML). */
export function isPageType(contentType: string | null | undefined): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? "");
}

/**
 * The pages whose window is kept from other sites' windows (`Cross-Origin-Opener-Policy`): those where a buyer
 * signs in, pays or sees their own data. The catalog and the legal pages are the same for every visitor and
 * open no window: a site that opened one gains nothing from its handle, and the policy would cost each of them
 * a renderer process of its own in Chromium (README, "What the opener policy costs").
 */
const ISOLATED_ROUTES: ReadonlySet<RouteName> = new Set([
  "cart",
  "demoCart",
  "order",
  "login",
  "register",
  "setPassword",
  "verifyEmail",
  "account",
]);

/** Whether the page at a URL path (its folder's `index.html` too) is one of the {@link ISOLATED_ROUTES}. */
export function isIsolatedPage(urlPath: string): boolean {
  const route = routeOf(urlPath.replace(/\/index\.html$/, "/"));
  return route !== undefined && ISOLATED_ROUTES.has(route);
}

/**
 * The headers a response carries besides the CSP; HSTS only over https. Permissions-Policy and
 * Cross-Origin-Opener-Policy govern documents only, so the other responses (the 30-odd scripts and styles of a
 * page among them) go without them: 0.3 kB less each. `page`: "isolated" for a page of an isolated route
 * (`isIsolatedPage`), which alone carries the opener policy.
 */
export function securityHeaders(https: boolean, page: false | "public" | "isolated"): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(page ? { "Permissions-Policy": PERMISSIONS_POLICY } : {}),
    // Payment and sign-in popups keep their opener; other windows get none.
    ...(page === "isolated" ? { "Cross-Origin-Opener-Policy": "same-origin-allow-popups" } : {}),
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The origin of a URL, or undefined for an empty or malformed value. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
