/**
 * The storefront's route table (spec §2) and the one helper that builds links from it.
 * The default locale (Czech) is unprefixed; the others are prefixed with their code. The locales are
 * those of `i18n/config.ts`, in the order the language switcher shows them.
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./i18n/config.ts";

/** Route patterns; `{name}` marks a path parameter. */
export const ROUTES = {
  index: "/",
  organizer: "/organizer/{organizerSlug}",
  tour: "/tour/{eventGroupSlug}",
  event: "/event/{organizerSlug}/{eventSlug}",
  cart: "/event/{organizerSlug}/{eventSlug}/cart",
  demoCart: "/event/{organizerSlug}/{eventSlug}/cart/demo",
  order: "/event/{organizerSlug}/{eventSlug}/order/{orderId}",
  login: "/login",
  register: "/register",
  setPassword: "/set-password",
  verifyEmail: "/verify-email",
  account: "/account",
  terms: "/terms",
  privacy: "/privacy",
} as const;

/** Name of a route in the table. */
export type RouteName = keyof typeof ROUTES;

type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | ParamNames<Rest>
  : never;

/** Parameters a route needs, derived from its pattern. */
export type RouteParams<R extends RouteName> = { [K in ParamNames<(typeof ROUTES)[R]>]: string };

/** Query values appended to a path; undefined and false values are left out. */
export type RouteQuery = Record<string, string | number | boolean | undefined>;

/** The path prefix of a locale: "" for Czech, "/en" for English, and so on. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** The value of the `[...locale]` route parameter for a locale (undefined for the unprefixed default). */
export function localeParam(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : locale;
}

/** Reads the locale back from the `[...locale]` route parameter; anything unknown is an error. */
export function localeFromParam(param: string | undefined): Locale {
  if (param === undefined || param === "") return DEFAULT_LOCALE;
  if (isLocale(param) && param !== DEFAULT_LOCALE) return param;
  throw new Error(`Unknown locale route parameter: "${param}"`);
}

/** Builds the localized path of a route, filling and encoding its parameters. */
export function pathTo<R extends RouteName>(
  locale: Locale,
  route: R,
  ...args: keyof RouteParams<R> extends never
    ? [params?: undefined, query?: RouteQuery]
    : [params: RouteParams<R>, query?: RouteQuery]
): string {
  const [params, query] = args;
  const filled = ROUTES[route].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined || value === "")
      throw new Error(`Route "${route}" needs the parameter "${name}"`);
    return encodeURIComponent(value);
  });
  const prefix = localePrefix(locale);
  const path = prefix === "" ? filled : filled === "/" ? `${prefix}/` : `${prefix}${filled}`;
  // Pages are directories (`/event/o/e/index.html`): links end in a slash, as canonical URLs and sitemaps do.
  return (path.endsWith("/") ? path : `${path}/`) + queryString(query);
}

/** Serialises query values; false and undefined are left out, true becomes "true". */
function queryString(query: RouteQuery | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A path that starts with a prefixed locale: the locale, then the rest of the path (if any). */
const PREFIXED_PATH = new RegExp(
  `^/(${LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join("|")})(/.*)?$`,
);

/** Splits a pathname into its locale and the locale-free rest ("/en/tour/x" → en, "/tour/x"). */
export function splitLocale(pathname: string): { locale: Locale; rest: string } {
  const match = PREFIXED_PATH.exec(pathname);
  if (match?.[1] && isLocale(match[1])) return { locale: match[1], rest: match[2] ?? "/" };
  return { locale: DEFAULT_LOCALE, rest: pathname === "" ? "/" : pathname };
}

/** Each route's pattern as an expression over a locale-free path (a trailing slash or not). */
const ROUTE_PATTERNS = Object.entries(ROUTES).map(([name, pattern]) => ({
  name: name as RouteName,
  pattern: new RegExp(`^${pattern.replace(/\{\w+\}/g, "[^/]+").replace(/\/$/, "")}/?$`),
}));

/** The route a pathname (locale-prefixed or not) is a page of, or undefined ("/en/event/o/e/cart/" → cart). */
export function routeOf(pathname: string): RouteName | undefined {
  const { rest } = splitLocale(pathname);
  return ROUTE_PATTERNS.find(({ pattern }) => pattern.test(rest))?.name;
}

/** The same page in another locale: used by the language switcher and hreflang alternates. */
export function switchLocale(pathname: string, to: Locale): string {
  const { rest } = splitLocale(pathname);
  const prefix = localePrefix(to);
  if (prefix === "") return rest;
  return rest === "/" ? `${prefix}/` : `${prefix}${rest}`;
}
