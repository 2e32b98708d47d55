/**
 * The mobile app's deep links (spec §2, §5): build them and read them back, with the stage's URL scheme.
 *
 * Shape: `<scheme>://<link>?<name>=<value>&…` — the link's name as the host (read case-insensitively), its
 * parameters percent-encoded in the query (commas of a code list left as they are), e.g.
 * `vstupio://ticketCart?eventId=0b6c…&codes=JARO10,VIP-500`.
 *
 * | link | parameters |
 * |---|---|
 * | chipDetail | chipId (uuid) |
 * | eventDetail | eventId (uuid) |
 * | eventGroupDetail | eventGroupId (uuid), codes (optional code list) |
 * | ticketCart | eventId (uuid), codes (optional code list) |
 * | orderDetail | orderId (uuid), orderNumber (positive integer) |
 * | plantOrderDetail | plantOrderId (uuid), orderNumber (positive integer) |
 * | setPassword | accessCode (6–128 characters), email |
 * | login | email |
 * | oAuth | token (1–4096 visible characters), ok (`true` or `false`) |
 * | openUrl | url (absolute http or https URL) |
 *
 * A code list is comma-separated codes of letters, digits, `-` and `_`, each at most 64 characters (the
 * coupon and discount codes buyers type); an empty list is left out. Parameters named as ids are UUIDs,
 * e-mails follow the contract's rule (`validation/fields.ts`). A parameter the link does not have, one given
 * twice, or one missing is an error naming it.
 *
 * Schemes: production `vstupio`, beta `vstupio-beta`, development `vstupio-dev`. The staging storefront
 * uses the development app's scheme: the development build of the app is the one testers point at
 * staging's hosts, while the beta app is handed to outside testers of the beta stage.
 */
import type { Stage } from "./config.ts";
import { CODE_LIST_PATTERN, CODE_MAX_LENGTH } from "./validation/code-list.ts";
import { ACCESS_CODE_LENGTH, INT32_MAX, isEmail } from "./validation/fields.ts";
import { isUuid } from "./validation/uuid.ts";

/** The app's URL scheme per app build (spec §2: production, beta and development). */
export const APP_SCHEMES = {
  production: "vstupio",
  beta: "vstupio-beta",
  development: "vstupio-dev",
} as const;

/** An app build with its own URL scheme. */
export type AppStage = keyof typeof APP_SCHEMES;

/** The app build each storefront stage hands its visitors to (staging: the development app). */
export const APP_STAGE_OF: Readonly<Record<Stage, AppStage>> = {
  development: "development",
  staging: "development",
  beta: "beta",
  production: "production",
};

const MAX_TOKEN_LENGTH = 4096;

/** Parameter kinds; a trailing `?` marks an optional parameter. */
type Kind = "uuid" | "codes" | "email" | "accessCode" | "token" | "flag" | "httpUrl" | "orderNumber";

/** The parameters of each link and their kinds (the table of the module doc). */
const LINK_PARAMS = {
  chipDetail: { chipId: "uuid" },
  eventDetail: { eventId: "uuid" },
  eventGroupDetail: { eventGroupId: "uuid", codes: "codes?" },
  ticketCart: { eventId: "uuid", codes: "codes?" },
  orderDetail: { orderId: "uuid", orderNumber: "orderNumber" },
  plantOrderDetail: { plantOrderId: "uuid", orderNumber: "orderNumber" },
  setPassword: { accessCode: "accessCode", email: "email" },
  login: { email: "email" },
  oAuth: { token: "token", ok: "flag" },
  openUrl: { url: "httpUrl" },
} as const satisfies Record<string, Record<string, Kind | `${Kind}?`>>;

type LinkParams = typeof LINK_PARAMS;

/** The name of a deep link. */
export type DeepLinkName = keyof LinkParams;

/** The names of the ten deep links, in the order of spec §2. */
export const DEEP_LINK_NAMES = Object.keys(LINK_PARAMS) as DeepLinkName[];

type ValueOf<K> = K extends `codes${string}`
  ? string[]
  : K extends "flag"
    ? boolean
    : K extends "orderNumber"
      ? number
      : string;
type Fields<P> = { [F in keyof P as P[F] extends `${string}?` ? never : F]: ValueOf<P[F]> } & {
  [F in keyof P as P[F] extends `${string}?` ? F : never]?: ValueOf<P[F]>;
};

/** A deep link with its typed parameters, told apart by `link`. */
export type DeepLink = { [N in DeepLinkName]: { link: N } & Fields<LinkParams[N]> }[DeepLinkName];

/** A deep link that is not well formed, with the parameter it is about (when it is about one). */
export class DeepLinkError extends Error {
  /** The parameter at fault, if the error is about one. */
  readonly field: string | undefined;

  /** Builds the error; `field` names the parameter at fault. */
  constructor(message: string, field?: string) {
    super(message);
    this.name = "DeepLinkError";
    this.field = field;
  }
}

/** What `parseDeepLink` answers: the app build and the link, or the reason the URL is not a deep link. */
export type ParsedDeepLink =
  | { ok: true; stage: AppStage; link: DeepLink }
  | { ok: false; error: string; field?: string };

function fail(link: string, field: string, rule: string, value: unknown): never {
  throw new DeepLinkError(`Parameter "${field}" of ${link} ${rule}, got ${JSON.stringify(value)}`, field);
}

/** Checks a value given in code (`buildDeepLink`) and turns it into its query text. */
function format(link: string, field: string, kind: Kind, value: unknown): string | undefined {
  switch (kind) {
    case "codes": {
      if (!Array.isArray(value)) return fail(link, field, "must be a list of codes", value);
      if (value.length === 0) return undefined;
      for (const code of value)
        if (typeof code !== "string" || code.includes(","))
          fail(link, field, "must hold codes without commas", value);
      return check(link, field, kind, value.join(","));
    }
    case "flag":
      if (typeof value !== "boolean") return fail(link, field, "must be true or false", value);
      return String(value);
    case "orderNumber":
      return check(link, field, kind, typeof value === "number" ? String(value) : value);
    default:
      return check(link, field, kind, value);
  }
}

/** Checks a parameter's query text against its kind; answers the text. */
function check(link: string, field: string, kind: Kind, value: unknown): string {
  if (typeof value !== "string") return fail(link, field, "must be a text", value);
  switch (kind) {
    case "uuid":
      return isUuid(value) ? value : fail(link, field, "must be a UUID", value);
    case "codes":
      return CODE_LIST_PATTERN.test(value)
        ? value
        : fail(
            link,
            field,
            `must be comma-separated codes (A-Z, a-z, 0-9, - and _, at most ${CODE_MAX_LENGTH} each)`,
            value,
          );
    case "email":
      return isEmail(value) ? value : fail(link, field, "must be an e-mail address", value);
    case "accessCode": {
      const { min, max } = ACCESS_CODE_LENGTH;
      const fits = value.trim() === value && value.length >= min && value.length <= max;
      return fits
        ? value
        : fail(link, field, `must be ${min} to ${max} characters without surrounding spaces`, value);
    }
    case "token":
      return /^[\x21-\x7e]+$/.test(value) && value.length <= MAX_TOKEN_LENGTH
        ? value
        : fail(link, field, `must be 1 to ${MAX_TOKEN_LENGTH} visible ASCII characters`, value);
    case "flag":
      return value === "true" || value === "false"
        ? value
        : fail(link, field, "must be true or false", value);
    case "orderNumber":
      return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= INT32_MAX
        ? value
        : fail(link, field, `must be a whole number from 1 to ${INT32_MAX}`, value);
    case "httpUrl":
      return isHttpUrl(value) ? value : fail(link, field, "must be an absolute http or https URL", value);
  }
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The typed value of a parameter's checked query text. */
function typed(kind: Kind, text: string): string | string[] | boolean | number {
  if (kind === "codes") return text.split(",");
  if (kind === "flag") return text === "true";
  if (kind === "orderNumber") return Number(text);
  return text;
}

function paramsOf(name: DeepLinkName): [field: string, kind: Kind, optional: boolean][] {
  return Object.entries(LINK_PARAMS[name]).map(([field, spec]) => {
    const optional = spec.endsWith("?");
    return [field, (optional ? spec.slice(0, -1) : spec) as Kind, optional];
  });
}

/** Percent-encodes a query value, leaving the commas of a code list readable. */
function encode(value: string): string {
  return encodeURIComponent(value).replaceAll("%2C", ",");
}

/** The deep link of `link` for the app build the storefront stage hands visitors to; a bad value throws a DeepLinkError. */
export function buildDeepLink(stage: Stage, link: DeepLink): string {
  const name = link.link;
  if (!Object.hasOwn(LINK_PARAMS, name)) throw new DeepLinkError(`Unknown deep link ${JSON.stringify(name)}`);
  const values = link as unknown as Record<string, unknown>;
  const query: string[] = [];
  for (const [field, kind, optional] of paramsOf(name)) {
    const value = values[field];
    if (value === undefined) {
      if (optional) continue;
      throw new DeepLinkError(`${name} needs the parameter "${field}"`, field);
    }
    const text = format(name, field, kind, value);
    if (text !== undefined) query.push(`${field}=${encode(text)}`);
  }
  const scheme = APP_SCHEMES[APP_STAGE_OF[stage]];
  return `${scheme}://${name}${query.length > 0 ? `?${query.join("&")}` : ""}`;
}

const DEEP_LINK_URL = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)\/?(?:\?([^#]*))?(?:#.*)?$/;

/** Reads a deep link back: its app build (from the scheme) and the typed link, or a clear error. */
export function parseDeepLink(url: string): ParsedDeepLink {
  try {
    return { ok: true, ...readDeepLink(url) };
  } catch (error) {
    if (!(error instanceof DeepLinkError)) throw error;
    return { ok: false, error: error.message, ...(error.field ? { field: error.field } : {}) };
  }
}

function readDeepLink(url: string): { stage: AppStage; link: DeepLink } {
  const match = DEEP_LINK_URL.exec(url.trim());
  if (!match) throw new DeepLinkError(`Not a deep link: ${JSON.stringify(url)}`);
  const [, scheme = "", host = "", search = ""] = match;
  const stage = (Object.keys(APP_SCHEMES) as AppStage[]).find((s) => APP_SCHEMES[s] === scheme.toLowerCase());
  if (!stage) {
    const known = Object.values(APP_SCHEMES).join(", ");
    throw new DeepLinkError(`Unknown app scheme ${JSON.stringify(scheme)}: expected one of ${known}`);
  }
  const name = DEEP_LINK_NAMES.find((n) => n.toLowerCase() === host.toLowerCase());
  if (!name) {
    throw new DeepLinkError(
      `Unknown deep link ${JSON.stringify(host)}: expected one of ${DEEP_LINK_NAMES.join(", ")}`,
    );
  }
  const given = new URLSearchParams(search);
  const params = paramsOf(name);
  const known = new Set(params.map(([field]) => field));
  for (const field of new Set(given.keys())) {
    if (!known.has(field)) throw new DeepLinkError(`${name} has no parameter "${field}"`, field);
    if (given.getAll(field).length > 1)
      throw new DeepLinkError(`Parameter "${field}" of ${name} is given twice`, field);
  }
  const link: Record<string, unknown> = { link: name };
  for (const [field, kind, optional] of params) {
    const text = given.get(field);
    if (text === null || (optional && text === "")) {
      if (optional) continue;
      throw new DeepLinkError(`${name} needs the parameter "${field}"`, field);
    }
    link[field] = typed(kind, check(name, field, kind, text));
  }
  return { stage, link: link as DeepLink };
}
