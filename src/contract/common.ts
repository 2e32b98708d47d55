/**
 * Shared building blocks of the pass-service contract.
 *
 * Conventions (apply to every call):
 * - A successful body is `{ errorText: "OK", ...payload }` (see `ok`); a refusal is `ErrorBody`.
 * - Money is written "flat": an integer amount in minor units under a field named for its role
 *   (`price`, `value`, `amount`, `feeAmount`, …) next to a `currencyId` on the same object. One major unit
 *   is 100 minor units for every currency of the currency enumeration.
 * - A missing value in a response is `null`; declared keys are never left out.
 * - Texts the buyer reads are plain strings in the language of the request (`Accept-Language`).
 * - Enumeration values are numeric ids (`enumId`), described with the enumeration's name.
 * - Everything a client sends is bounded here, once: strings are {@link Text} (no NUL characters, no lone
 *   surrogates) with a length limit, integers fit a PostgreSQL `integer` ({@link int32}, {@link queryInt},
 *   {@link MinorUnits}, {@link Count}, {@link enumId}, …). `tests/unit/contract-bounds.test.ts` walks every
 *   call's params, query and body and fails on a string or an integer that is not.
 */
import { en } from "zod/locales";
import { z } from "zod/mini";
import { country } from "../lib/enums/country.ts";
import { currency } from "../lib/enums/currency.ts";
import { CUSTOM_ID_THRESHOLD } from "../lib/enums/define.ts";
import { LOCALES } from "../lib/i18n/config.ts";
import { CODE_MAX_LENGTH } from "../lib/validation/code-list.ts";
import { EMAIL_RULE, INT32_MAX, INT32_MIN } from "../lib/validation/fields.ts";
import { isValidVatId, isVatCountry, normalizeVatId } from "../lib/validation/vat.ts";

// zod/mini carries no messages of its own: both sides (the service refusing a request, the client refusing
// an answer) name a bad field with zod's English messages, e.g. "Invalid email address".
z.config(en());

/** Why a text cannot be stored as it is (a NUL character or a lone UTF-16 surrogate), or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes("\u0000")) return "Must not contain NUL characters";
  if (/\p{Cs}/u.test(value)) return "Must not contain unpaired surrogates (invalid Unicode)";
  return null;
}

/**
 * The check every string a client sends carries (through {@link Text}): no NUL characters, which no
 * PostgreSQL text or jsonb value can hold, and no lone surrogates, which are not Unicode text at all.
 */
export const TEXT_GUARD = z.superRefine((value: string, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
});

/**
 * A text a client sends: a string without NUL characters or lone surrogates. Give it a length limit
 * (`Text.check(z.maxLength(100))`); every request string of the contract is built on it.
 */
export const Text = z.string().check(TEXT_GUARD);

/** A number schema bounded to a PostgreSQL `integer` column, refused beyond it with a clear message. */
// @__NO_SIDE_EFFECTS__
function inInt32<S extends z.ZodMiniNumber<number>>(schema: S): S {
  return schema.check(
    z.gte(INT32_MIN, `Must be at least ${INT32_MIN}`),
    z.lte(INT32_MAX, `Must be at most ${INT32_MAX}`),
  ) as S;
}

/** An integer that fits a PostgreSQL `integer` column, refused beyond it with a clear message. */
// @__NO_SIDE_EFFECTS__
export function int32() {
  return inInt32(z.number().check(z.int()));
}

/** The `errorText` of every successful answer. */
export const OK_TEXT = "OK";

/** Request headers of the contract (spec §7: agent version, agent source, language; spec §3 reqSourceId). */
export const HEADERS = {
  agentVersion: "X-Agent-Version",
  agentSource: "X-Agent-Source",
  language: "Accept-Language",
  reqSourceId: "reqSourceId",
  authorization: "Authorization",
  idempotencyKey: "Idempotency-Key",
  /**
   * Build mode of a public GET: `X-Languages: cs,en,de,sk` asks for the answer in several languages at once;
   * the service answers `{ errorText: "OK", languages: { cs: <answer>, en: <answer>, … } }`, each entry the
   * call's usual answer in that language. One request then serves every locale of a pre-rendered page.
   * Such an answer is for the start of the second it was asked in (a page's requests agree on one moment).
   */
  languages: "X-Languages",
} as const;

/** Builds a success envelope: `z.object({ errorText: z.literal("OK"), ...shape })`. */
// @__NO_SIDE_EFFECTS__
export function ok<const S extends z.core.$ZodLooseShape>(shape: S) {
  return z.object({ errorText: z.literal(OK_TEXT), ...shape });
}

/** A success envelope with nothing else in it. */
export const OkOnly = ok({});

/** `errorText` of a refusal: `ERROR_` and an upper-case name, e.g. `ERROR_SOLD_OUT`. */
export const ErrorText = z
  .string()
  .check(
    z.regex(/^ERROR_[A-Z0-9_]+$/, "Must be ERROR_ followed by an upper-case name"),
    z.meta({ description: "Machine-readable refusal, `ERROR_<NAME>`", example: "ERROR_SOLD_OUT" }),
  );

/** One problem of a refused request: the path of the bad field and why. */
export const ErrorIssue = z.object({
  path: z.string().check(z.meta({ description: "Dot path of the bad field", example: "buyer.email" })),
  message: z.string(),
});

/** Body of every refusal (HTTP 4xx/5xx, or a 2xx whose errorText is not OK). */
export const ErrorBody = z.object({
  errorText: ErrorText,
  message: z.string().check(z.meta({ description: "Human-readable explanation (English)" })),
  type: z
    .optional(z.string())
    .check(z.meta({ description: "Error name, lower case, e.g. `sold_out`", example: "sold_out" })),
  field: z
    .optional(z.string())
    .check(z.meta({ description: "Dot path of the first bad field, when one field is at fault" })),
  issues: z.optional(z.array(ErrorIssue)),
  available: z
    .optional(int32())
    .check(z.meta({ description: "SOLD_OUT: how many units of the refused line are left" })),
  min: z.optional(z.nullable(int32())).check(z.meta({ description: "LIMIT_EXCEEDED: least per order" })),
  max: z
    .optional(int32())
    .check(
      z.meta({ description: "LIMIT_EXCEEDED: most per order; TOO_MANY_HELD: most places held at once" }),
    ),
  seatIds: z
    .optional(z.array(z.uuid()))
    .check(
      z.meta({ description: "SEAT_TAKEN: the chosen seats another hold or order has; nothing was held" }),
    ),
  retryAfter: z.optional(int32().check(z.positive())).check(
    z.meta({
      description: "RATE_LIMITED, TOO_MANY_HELD: seconds to wait before trying again (as Retry-After)",
    }),
  ),
});

/** Body of every refusal. */
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A UUID (RFC 9562 text form, versions 1–8 or nil). */
export const Uuid = z
  .uuid()
  .check(z.meta({ description: "UUID", example: "3f2c1b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f" }));

/** A URL slug: lower-case letters, digits and single dashes between them, at most 100 characters. */
export const Slug = Text.check(
  z.maxLength(100),
  z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Must be lower-case letters, digits and single dashes"),
  z.meta({ description: "URL slug (a-z, 0-9, dashes)", example: "rock-for-people-2026" }),
);

/** An instant in ISO 8601 with an offset or `Z`, e.g. `2026-07-03T18:00:00+02:00`. */
export const IsoDateTime = z.iso
  .datetime({ offset: true })
  .check(z.meta({ description: "ISO 8601 date-time with offset", example: "2026-07-03T18:00:00+02:00" }));

/** A calendar date, `YYYY-MM-DD`. */
export const IsoDate = z.iso.date().check(z.meta({ description: "ISO 8601 date", example: "2026-07-03" }));

/** An IANA time zone name. */
export const TimeZone = z
  .string()
  .check(
    z.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/, "Must be an IANA time zone name"),
    z.meta({ description: "IANA time zone", example: "Europe/Prague" }),
  );

/** A language of the storefront (spec §1): one of the storefront's locales (`LOCALES` of lib/i18n). */
export const LocaleCode = z.enum(LOCALES).check(z.meta({ description: "Storefront language" }));

/** A language of the storefront. */
export type LocaleCode = z.infer<typeof LocaleCode>;

/** Ids above this value are custom values of an enumeration (spec §3; `CUSTOM_ID_THRESHOLD` of lib/enums). */
export const CUSTOM_ENUM_ID = CUSTOM_ID_THRESHOLD;

/** A numeric id of the named enumeration of spec §3 (ids above 1000 are custom values). */
// @__NO_SIDE_EFFECTS__
export function enumId(enumeration: string) {
  return int32().check(
    z.positive(),
    z.meta({
      description: `Id of the ${enumeration} enumeration (spec §3); ids above ${CUSTOM_ENUM_ID} are custom`,
    }),
  );
}

/** The ids of an enumeration as a range, `1–33`. */
function idRange(ids: readonly number[]): string {
  return `${Math.min(...ids)}–${Math.max(...ids)}`;
}

/** A country id: an id of the country enumeration (lib/enums), or a custom id above 1000. */
export const CountryId = int32().check(
  z.refine(
    (v) => country.has(v) || country.isCustom(v),
    `Must be a country id ${idRange(country.ids)} or a custom id above ${CUSTOM_ENUM_ID}`,
  ),
  z.meta({
    description: `Id of the country enumeration (${idRange(country.ids)}) or a custom id (>${CUSTOM_ENUM_ID})`,
    example: 1,
  }),
);

/** The currencies as the contract describes them: `1 CZK, 2 EUR, …`. */
const currencyList = currency.entries.map((c) => `${c.id} ${c.code}`).join(", ");

/** A currency id: an id of the currency enumeration (lib/enums: 1 CZK … 5 PLN), or a custom id above 1000. */
export const CurrencyId = int32().check(
  z.refine(
    (v) => currency.has(v) || currency.isCustom(v),
    `Must be a currency id ${idRange(currency.ids)} or a custom id above ${CUSTOM_ENUM_ID}`,
  ),
  z.meta({
    description: `Id of the currency enumeration: ${currencyList}`,
    example: 1,
  }),
);

/** An amount in minor units that cannot be negative (prices, totals). */
export const MinorUnits = int32().check(
  z.nonnegative(),
  z.meta({
    description: "Amount in minor units (1/100 of the currency) of the object's currencyId",
    example: 129000,
  }),
);

/** An amount in minor units that may be negative (discounts, corrections). */
export const SignedMinorUnits = int32().check(
  z.meta({
    description: "Signed amount in minor units of the object's currencyId",
    example: -10000,
  }),
);

/** A count of items: a positive integer. */
export const Count = int32().check(
  z.positive(),
  z.lte(1000),
  z.meta({ description: "Number of items", example: 2 }),
);

/** A display order: lower comes first. */
export const DisplayOrder = int32().check(z.meta({ description: "Sort key, ascending" }));

/** An e-mail address. */
export const Email = EMAIL_RULE.check(z.meta({ example: "jana.novakova@example.cz" }));

/**
 * A phone number in E.164 form: `+`, country code and subscriber number, 7 to 15 digits, no spaces
 * (forms strip spaces before sending).
 */
export const Phone = Text.check(
  z.maxLength(16),
  z.regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 phone number, e.g. +420777123456"),
  z.meta({ description: "Phone number, E.164 (`+` and 7–15 digits, no spaces)", example: "+420777123456" }),
);

/** A colour in `#rrggbb` form. */
export const HexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, "Must be a #rrggbb colour"));

/**
 * A link: an absolute http(s) URL, or a root-relative path on the SERVICE that answered (resolve it against
 * the service's base URL, not the page's origin). The reference service answers paths such as `/media/…`.
 */
export const Href = z.string().check(
  z.minLength(1),
  z.refine(
    (v) => /^https?:\/\//.test(v) || (v.startsWith("/") && !v.startsWith("//")),
    "Must be an http(s) URL or a path",
  ),
  z.meta({
    description: "Absolute http(s) URL, or a path relative to the service's base URL",
    example: "https://pass.example.cz/media/posters/event.svg",
  }),
);

/** An image: where it is, its intrinsic size and its alternative text in the request's language. */
export const Image = z.object({
  url: Href.check(z.meta({ description: "Image URL; the reference service serves files under /media/" })),
  width: int32().check(z.positive()),
  height: int32().check(z.positive()),
  alt: z.string(),
});

/** An image. */
export type Image = z.infer<typeof Image>;

/** A postal address. */
export const Address = z.object({
  street: z.string().check(z.meta({ description: "Street and number", example: "Dlouhá 12" })),
  city: z.string(),
  postalCode: z.string(),
  countryId: CountryId,
  regionId: z.nullable(enumId("region")),
});

/** A postal address. */
export type Address = z.infer<typeof Address>;

/** A point on the map (WGS 84). */
export const Geo = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lng: z.number().check(z.gte(-180), z.lte(180)),
});

/** A point on the map. */
export type Geo = z.infer<typeof Geo>;

/**
 * Whether a VAT id fits the pattern of the billing country (spec §5), as the cart's form checks it: the id
 * normalised (spaces, dots and dashes removed, upper case) against `lib/validation/vat.ts`. An empty id, or
 * a country without a known pattern (a custom country), is not checked.
 */
export function vatIdFitsCountry(countryId: number, vatId: string | null | undefined): boolean {
  if (!vatId || normalizeVatId(vatId) === "") return true;
  const iso2 = country.find(countryId)?.iso2;
  return !iso2 || !isVatCountry(iso2) || isValidVatId(iso2, vatId);
}

/** Billing details of a buyer or account (spec §3: countryId, city, address, postalCode). */
export const BillingInfo = z
  .object({
    countryId: CountryId,
    city: Text.check(z.minLength(1), z.maxLength(100)),
    address: Text.check(
      z.minLength(1),
      z.maxLength(200),
      z.meta({ description: "Street and number", example: "Dlouhá 12" }),
    ),
    postalCode: Text.check(z.minLength(1), z.maxLength(20)),
    companyName: z.optional(z.nullable(Text.check(z.maxLength(200)))),
    companyId: z.optional(z.nullable(Text.check(z.trim(), z.maxLength(20)))).check(
      z.meta({
        description: "Company registration number (IČO in Czechia and Slovakia)",
        example: "27082440",
      }),
    ),
    vatId: z
      .optional(z.nullable(Text.check(z.maxLength(20))))
      .check(z.meta({ description: "VAT id, checked against the billing country's pattern (spec §5)" })),
  })
  .check(
    z.refine((b) => vatIdFitsCountry(b.countryId, b.vatId), {
      path: ["vatId"],
      message: "Does not match the VAT id format of the billing country",
    }),
  );

/** Billing details of a buyer or account. */
export type BillingInfo = z.infer<typeof BillingInfo>;

/** An integer query parameter: a number for the client, coerced from the query string by the service. */
// @__NO_SIDE_EFFECTS__
export function queryInt() {
  return inInt32(z.coerce.number<number>().check(z.int()));
}

/**
 * A code a buyer types or a scanner reads (coupon, discount code, supercoupon, printed ticket or chip code):
 * trimmed, 1 to 64 characters.
 */
export const CodeText = Text.check(z.trim(), z.minLength(1), z.maxLength(CODE_MAX_LENGTH));

/** Where a payment gateway sends the buyer back: an http(s) URL of at most 2048 characters. */
export const ReturnUrl = z
  .url({ protocol: /^https?$/ })
  .check(z.maxLength(2048))
  .check(TEXT_GUARD);

/** Query of a paged list: 1-based page and page size (1–100, default 20). */
export const PageQuery = z.object({
  page: z.optional(queryInt().check(z.gte(1))).check(z.meta({ description: "1-based page, default 1" })),
  pageSize: z
    .optional(queryInt().check(z.gte(1), z.lte(100)))
    .check(z.meta({ description: "Items per page, 1–100, default 20" })),
});

/** Fields of a paged answer around a list named `key`. */
// @__NO_SIDE_EFFECTS__
export function paged<const K extends string, T extends z.ZodMiniType>(key: K, item: T) {
  return ok({
    page: int32().check(z.gte(1)),
    pageSize: int32().check(z.gte(1)),
    total: int32().check(z.nonnegative()),
    ...({ [key]: z.array(item) } as { [P in K]: z.ZodMiniArray<T> }),
  });
}

/** Fingerprint of a page's data, so a rebuild watcher can tell what changed. */
export const Digest = z
  .string()
  .check(z.minLength(1), z.meta({ description: "Opaque fingerprint of the data behind a page" }));

/** A short reference to an organizer, embedded in other entities. */
export const OrganizerSummary = z.object({
  organizerId: Uuid,
  organizerSlug: Slug,
  name: z.string(),
});

/** A short reference to an organizer. */
export type OrganizerSummary = z.infer<typeof OrganizerSummary>;

/** A short reference to an event group (tour), embedded in events. */
export const EventGroupRef = z.object({
  eventGroupId: Uuid,
  eventGroupSlug: Slug,
  namePub: z.string(),
});

/** A short reference to an event group. */
export type EventGroupRef = z.infer<typeof EventGroupRef>;

/** A short reference to an event, enough for a link and a line of text. */
export const EventRef = z.object({
  eventId: Uuid,
  organizerSlug: Slug,
  eventSlug: Slug,
  name: z.string(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  timezone: TimeZone,
  venueName: z.nullable(z.string()),
  city: z.nullable(z.string()),
});

/** A short reference to an event. */
export type EventRef = z.infer<typeof EventRef>;

/**
 * The person who buys: contact details written on the order. The phone is optional: tickets, receipts and
 * payment instructions go by e-mail, and nothing in an order is sent to a phone.
 */
export const Buyer = z.object({
  firstName: Text.check(z.trim(), z.minLength(1), z.maxLength(100)),
  lastName: Text.check(z.trim(), z.minLength(1), z.maxLength(100)),
  email: Email,
  phone: z.optional(Phone),
  countryId: CountryId,
});

/** The person who buys. */
export type Buyer = z.infer<typeof Buyer>;
