/**
 * Page digests of an import: each organizer, event group and event gets a digest of its page data; its
 * `updatedAt` moves only when that digest changes, so the static-path lists tell a rebuild exactly which
 * pages changed.
 */
import { createHash } from "node:crypto";
import type { Db } from "../../db/index.ts";
import * as t from "../../db/schema.ts";
import type { Catalog } from "../schema.ts";

/** Digests of the pages of a catalog, by id. */
export interface PageDigests {
  event(eventId: string): string | undefined;
  group(eventGroupId: string): string;
  organizer(organizerId: string): string;
}

/** When each page changed before this import, and for events when it was created. */
export interface PageStamps {
  /** The page's previous `updatedAt` when its digest is unchanged, else the time of the import. */
  updatedAt(id: string, digest: string): Date;
  /** When an event was first imported, if it was. */
  createdAt(eventId: string): Date | undefined;
}

/** Fingerprint of any JSON-able value. */
function digestOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url").slice(0, 22);
}

/** The digests of every page of the catalog: an event's covers what its page shows, a group's its events'. */
export function pageDigests(catalog: Catalog): PageDigests {
  const eventsBy = (eventId: string) => ({
    ticketTypes: catalog.ticketTypes.filter((x) => x.eventId === eventId),
    ticketTypeGroups: catalog.ticketTypeGroups.filter((x) => x.eventId === eventId),
    extraProducts: catalog.extraProducts.filter((x) => x.eventId === eventId),
    productGroups: catalog.productGroups.filter((x) => x.eventId === eventId),
    chipProducts: catalog.chipProducts.filter((x) => x.eventId === eventId),
    stages: catalog.stages.filter((x) => x.eventId === eventId),
    programEntries: catalog.programEntries.filter((x) => x.eventId === eventId),
    reservationCategories: catalog.reservationCategories.filter((x) => x.eventId === eventId),
  });
  const eventDigests = new Map(
    catalog.events.map((e) => {
      const venue = catalog.venues.find((v) => v.venueId === e.venueId);
      const bandIds = new Set(e.lineup.map((l) => l.bandId));
      const performerIds = new Set(e.performers.map((p) => p.performerId));
      const related = {
        event: e,
        ...eventsBy(e.eventId),
        venue,
        organizer: catalog.organizers.find((o) => o.organizerId === e.organizerId),
        groups: catalog.eventGroups.filter((g) => e.eventGroupIds.includes(g.eventGroupId)),
        bands: catalog.bands.filter((b) => bandIds.has(b.bandId)),
        performers: catalog.performers.filter((p) => performerIds.has(p.performerId)),
        galleries: catalog.galleries.filter((g) => e.galleryIds.includes(g.galleryId)),
      };
      return [e.eventId, digestOf(related)] as const;
    }),
  );
  const groupDigest = (groupId: string) => {
    const group = catalog.eventGroups.find((g) => g.eventGroupId === groupId);
    const members = catalog.events
      .filter((e) => e.eventGroupIds.includes(groupId))
      .map((e) => eventDigests.get(e.eventId));
    return digestOf({ group, members });
  };
  const organizerDigest = (organizerId: string) => {
    const organizer = catalog.organizers.find((o) => o.organizerId === organizerId);
    const own = catalog.events
      .filter((e) => e.organizerId === organizerId)
      .map((e) => eventDigests.get(e.eventId));
    const groups = catalog.eventGroups
      .filter((g) => g.organizerId === organizerId)
      .map((g) => groupDigest(g.eventGroupId));
    return digestOf({ organizer, own, groups });
  };
  return { event: (eventId) => eventDigests.get(eventId), group: groupDigest, organizer: organizerDigest };
}

/** Reads the digest and stamps every page had before this import; `now` is the time of the import. */
export async function readPageStamps(tx: Db, now: Date): Promise<PageStamps> {
  const previous = new Map<string, { digest: string; updatedAt: Date; createdAt?: Date }>();
  for (const row of await tx
    .select({
      id: t.events.eventId,
      digest: t.events.digest,
      updatedAt: t.events.updatedAt,
      createdAt: t.events.createdAt,
    })
    .from(t.events)) {
    previous.set(row.id, row);
  }
  for (const row of await tx
    .select({
      id: t.eventGroups.eventGroupId,
      digest: t.eventGroups.digest,
      updatedAt: t.eventGroups.updatedAt,
    })
    .from(t.eventGroups)) {
    previous.set(row.id, row);
  }
  for (const row of await tx
    .select({
      id: t.organizers.organizerId,
      digest: t.organizers.digest,
      updatedAt: t.organizers.updatedAt,
    })
    .from(t.organizers)) {
    previous.set(row.id, row);
  }
  return {
    updatedAt: (id, digest) => {
      const before = previous.get(id);
      return before && before.digest === digest ? before.updatedAt : now;
    },
    createdAt: (eventId) => previous.get(eventId)?.createdAt,
  };
}
