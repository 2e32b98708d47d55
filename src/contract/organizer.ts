/** Organizer area of spec §7: organizers and their event groups. */
import { z } from "zod/mini";
import { Address, CountryId, Href, Image, IsoDateTime, OrganizerSummary, ok, Slug } from "./common.ts";
import { defineCall } from "./define.ts";
import { EventGroup } from "./event.ts";

/** The organizer as the seller of its tickets: legal name and company ids (its address and contacts are the organizer's). */
export const Seller = z.object({
  legalName: z.string(),
  companyId: z.nullable(z.string()),
  vatId: z.nullable(z.string()),
});

/** The seller of an organizer's tickets. */
export type Seller = z.infer<typeof Seller>;

/** An organizer's terms of sale (refunds and cancellation included): the version a buyer accepts, and the text. */
export const TermsOfSale = z.object({
  version: z.string(),
  text: z.string().check(z.meta({ description: "Plain text; paragraphs separated by a blank line" })),
});

/** An organizer's terms of sale. */
export type TermsOfSale = z.infer<typeof TermsOfSale>;

/** An organizer with everything its page shows. */
export const Organizer = z.extend(OrganizerSummary, {
  description: z
    .nullable(z.string())
    .check(z.meta({ description: "Plain text; paragraphs separated by a blank line" })),
  logo: z.nullable(Image),
  web: z.nullable(Href),
  email: z.nullable(z.email()),
  phone: z.nullable(z.string()),
  countryId: CountryId,
  address: z.nullable(Address),
  seller: z.optional(z.nullable(Seller)),
  termsOfSale: z.optional(z.nullable(TermsOfSale)),
  privacyNotice: z
    .optional(z.nullable(z.string()))
    .check(z.meta({ description: "Plain text; paragraphs separated by a blank line" })),
  updatedAt: IsoDateTime,
});

/** An organizer. */
export type Organizer = z.infer<typeof Organizer>;

const organizerQuery = z.object({ organizerSlug: Slug });

/** `organizer.bySlug`: An organizer by slug. */
export const organizerBySlug = defineCall({
  id: "organizer.bySlug",
  area: "organizer",
  method: "GET",
  path: "/api/organizer-by-slug",
  query: organizerQuery,
  response: ok({ organizer: Organizer }),
  secure: false,
  summary: "An organizer by slug",
});

/** `organizer.eventGroups`: Visible event groups (tours) of an organizer. */
export const organizerEventGroups = defineCall({
  id: "organizer.eventGroups",
  area: "organizer",
  method: "GET",
  path: "/api/organizer-event-groups",
  query: organizerQuery,
  response: ok({ eventGroups: z.array(EventGroup) }),
  secure: false,
  summary: "Visible event groups (tours) of an organizer",
});

/** `organizer.all`: Every organizer with a visible event or group. */
export const organizerAll = defineCall({
  id: "organizer.all",
  area: "organizer",
  method: "GET",
  path: "/api/organizers-all",
  response: ok({ organizers: z.array(Organizer) }),
  secure: false,
  summary: "Every organizer with a visible event or group",
});

/** Calls of the organizer area. */
export const organizerCalls = {
  bySlug: organizerBySlug,
  eventGroups: organizerEventGroups,
  all: organizerAll,
} as const;
