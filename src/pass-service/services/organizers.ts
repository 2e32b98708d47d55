/** Organizers: finding them, which of them have something to show, answering them, and their partners. */
import { asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Organizer } from "../../contract/organizer.ts";
import type { OrgPartner } from "../../contract/v2.ts";
import type { Db } from "../db/index.ts";
import { preparedRead } from "../db/prepared-read.ts";
import { rememberedRead } from "../db/read-memo.ts";
import { eventGroups, events, organizers, orgPartners } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ServiceLocale } from "../http.ts";
import { addressOut, imageOut, iso, loc, locOrNull } from "./localize.ts";

/** A row of the organizers table. */
export type OrganizerRow = typeof organizers.$inferSelect;

/** The organizer with this slug; 404 when there is none. */
export async function findOrganizerBySlug(db: Db, organizerSlug: string): Promise<OrganizerRow> {
  const [row] = await db.select().from(organizers).where(eq(organizers.slug, organizerSlug));
  if (!row) throw notFound("Organizer", organizerSlug);
  return row;
}

/** Condition true for organizers with a visible event (past ones included) or a visible event group. */
export function organizerIsVisible(db: Db): SQL {
  return or(
    inArray(
      organizers.organizerId,
      db.select({ id: events.organizerId }).from(events).where(eq(events.visible, true)),
    ),
    inArray(
      organizers.organizerId,
      db.select({ id: eventGroups.organizerId }).from(eventGroups).where(eq(eventGroups.visible, true)),
    ),
  ) as SQL;
}

/** Organizers with a visible event or event group, by slug. */
export async function listVisibleOrganizers(db: Db): Promise<OrganizerRow[]> {
  return db.select().from(organizers).where(organizerIsVisible(db)).orderBy(asc(organizers.slug));
}

/** Organizer rows by id for the given ids (one query). */
export async function organizersById(db: Db, ids: string[]): Promise<Map<string, OrganizerRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(organizers).where(inArray(organizers.organizerId, unique));
  return new Map(rows.map((r) => [r.organizerId, r]));
}

/** The short organizer reference of the contract. */
export function organizerSummaryOut(row: OrganizerRow, locale: ServiceLocale) {
  return { organizerId: row.organizerId, organizerSlug: row.slug, name: loc(row.name, locale) };
}

/** An organizer of the contract. */
export function organizerOut(row: OrganizerRow, locale: ServiceLocale): Organizer {
  return {
    ...organizerSummaryOut(row, locale),
    description: locOrNull(row.description, locale),
    logo: imageOut(row.logo, locale),
    web: row.web,
    email: row.email,
    phone: row.phone,
    countryId: row.countryId,
    address: row.address ? addressOut(row.address, locale) : null,
    seller: row.legalName ? { legalName: row.legalName, companyId: row.companyId, vatId: row.vatId } : null,
    termsOfSale:
      row.termsVersion && row.termsOfSale
        ? { version: row.termsVersion, text: loc(row.termsOfSale, locale) }
        : null,
    privacyNotice: locOrNull(row.privacyNotice, locale),
    updatedAt: iso(row.updatedAt),
  };
}

/** Organizers of the contract, sorted by their name in the locale. */
export function organizersOut(rows: OrganizerRow[], locale: ServiceLocale): Organizer[] {
  return rows
    .map((r) => organizerOut(r, locale))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.organizerSlug.localeCompare(b.organizerSlug));
}

/** The partners whose list of events (or of event groups) holds an id, by display order. */
function partnersRead(name: string, list: typeof orgPartners.eventIds | typeof orgPartners.eventGroupIds) {
  return preparedRead(name, ["id"], (db, p) =>
    db
      .select()
      .from(orgPartners)
      .where(sql`${list} @> array[${p.id}]::uuid[]`)
      .orderBy(asc(orgPartners.displayOrder), asc(orgPartners.orgPartnerId)),
  );
}

const partnersOfEvent = partnersRead("orgPartnersOfEvent", orgPartners.eventIds);
const partnersOfGroup = partnersRead("orgPartnersOfGroup", orgPartners.eventGroupIds);

/** Partners of an event (`event`) or of an event group (`group`), by display order. */
export async function orgPartnersOf(
  db: Db,
  of: { eventId: string } | { eventGroupId: string },
  locale: ServiceLocale,
): Promise<OrgPartner[]> {
  const key = "eventId" in of ? `event:${of.eventId}` : `group:${of.eventGroupId}`;
  const rows = await rememberedRead(db, `orgPartners:${key}`, () =>
    "eventId" in of ? partnersOfEvent(db, { id: of.eventId }) : partnersOfGroup(db, { id: of.eventGroupId }),
  );
  return rows.map((p) => ({
    orgPartnerId: p.orgPartnerId,
    name: loc(p.name, locale),
    description: locOrNull(p.description, locale),
    logo: imageOut(p.logo, locale),
    url: p.url,
    displayOrder: p.displayOrder,
  }));
}
