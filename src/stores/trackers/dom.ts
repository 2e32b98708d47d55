/**
 * What the tracker adapters need from the page: the vendors' globals, one `<script async>` per script
 * address (never twice), the page view of the current page, and deleting a provider's first-party cookies.
 * Scripts are created from bundled code, so no inline script text (and no CSP 'unsafe-inline') is needed.
 */
import type { PageView } from "../../lib/tracking.ts";

/** The page's window with the vendors' globals the adapters set or read. */
export type VendorWindow = Window & Record<string, unknown>;

/** The page's window, typed for the vendors' globals. */
export function vendorWindow(): VendorWindow {
  return window as unknown as VendorWindow;
}

const scripts = new Map<string, Promise<void>>();

/** Loads a script once per page (`<script async>` in the head); resolves when it ran, rejects when it failed. */
export function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.async = true;
      script.src = url;
      script.addEventListener("load", () => resolve());
      script.addEventListener("error", () => reject(new Error(`The script ${url} did not load`)));
      document.head.append(script);
    });
    // A failure is handled by whoever waits for the script; an unobserved one is not an error.
    loading.catch(() => undefined);
    scripts.set(url, loading);
  }
  return loading;
}

/** The page view of the page as it is now. */
export function currentPage(): PageView {
  return { url: location.href, title: document.title, locale: document.documentElement.lang };
}

/** The domains a cookie of this page may have been set on: none (host only), the host and its parents. */
function cookieDomains(hostname: string): (string | undefined)[] {
  const labels = hostname.split(".");
  const parents = labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
  return [undefined, ...parents.flatMap((domain) => [domain, `.${domain}`])];
}

/**
 * Deletes the page's cookies with one of `names`, or a name that continues one of them with `_` (`_ga_<id>`,
 * `_gat_<id>`), on the host and on every parent domain the tracker may have used.
 */
export function deleteCookies(names: readonly string[]): void {
  if (names.length === 0) return;
  const present = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => names.some((listed) => name === listed || name.startsWith(`${listed}_`)));
  for (const name of present) {
    for (const domain of cookieDomains(location.hostname)) {
      // biome-ignore lint/suspicious/noDocumentCookie: deleting another script's cookie needs the assignment (the Cookie Store API is missing in Firefox).
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
}
