/** Organizer area of spec §7: organizers and their event groups. */
import { z } from "zod";
import { Address, CountryId, Href, Image, IsoDateTime, OrganizerSummary, ok, Slug } from "./common.ts";
import { defineCall } from "./define.ts";
import { EventGroup } from "./event.ts";

/** An organizer with everything its page shows. */
export const Organizer = OrganizerSummary.extend({
  description: z
    .string()
    .nullable()
    .meta({ description: "Plain text; paragraphs separated by a blank line" }),
  logo: Image.nullable(),
  web: Href.nullable(),
  email: z.email().nullable(),
  phone: z.string().nullable(),
  countryId: CountryId,
  address: Address.nullable(),
  updatedAt: IsoDateTime,
});

/** An organizer. */
export type Organizer = z.infer<typeof Organizer>;

const organizerQuery = z.object({ organizerSlug: Slug });

/** Calls of the organizer area. */
export const organizerCalls = {
  bySlug: defineCall({
    id: "organizer.bySlug",
    area: "organizer",
    method: "GET",
    path: "/api/organizer-by-slug",
    query: organizerQuery,
    response: ok({ organizer: Organizer }),
    secure: false,
    summary: "An organizer by slug",
  }),
  eventGroups: defineCall({
    id: "organizer.eventGroups",
    area: "organizer",
    method: "GET",
    path: "/api/organizer-event-groups",
    query: organizerQuery,
    response: ok({ eventGroups: z.array(EventGroup) }),
    secure: false,
    summary: "Visible event groups (tours) of an organizer",
  }),
  all: defineCall({
    id: "organizer.all",
    area: "organizer",
    method: "GET",
    path: "/api/organizers-all",
    response: ok({ organizers: z.array(Organizer) }),
    secure: false,
    summary: "Every organizer with a visible event or group",
  }),
} as const;
