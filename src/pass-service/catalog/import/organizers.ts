/** Import step: organizers and their tours (event groups), stamped by their page digests. */
import * as t from "../../db/schema.ts";
import { type ImportContext, insertRows } from "./context.ts";

/** Inserts the organizers and the event groups. */
export async function importOrganizers(ctx: ImportContext): Promise<void> {
  const { tx, catalog, stored, digests, stamps } = ctx;
  await insertRows(
    tx,
    t.organizers,
    catalog.organizers.map((o) => {
      const digest = digests.organizer(o.organizerId);
      return {
        organizerId: o.organizerId,
        slug: o.organizerSlug,
        name: o.name,
        description: o.description ?? null,
        logo: stored(o.logo),
        web: o.web ?? null,
        email: o.email ?? null,
        phone: o.phone ?? null,
        countryId: o.countryId,
        address: o.address ? { ...o.address, regionId: o.address.regionId ?? null } : null,
        bankAccount: o.bankAccount ?? null,
        companyId: o.companyId ?? null,
        vatId: o.vatId ?? null,
        legalName: o.legalName ?? null,
        termsVersion: o.termsOfSale?.version ?? null,
        termsOfSale: o.termsOfSale?.text ?? null,
        privacyNotice: o.privacyNotice ?? null,
        digest,
        updatedAt: stamps.updatedAt(o.organizerId, digest),
      };
    }),
  );
  await insertRows(
    tx,
    t.eventGroups,
    catalog.eventGroups.map((g) => {
      const digest = digests.group(g.eventGroupId);
      return {
        eventGroupId: g.eventGroupId,
        slug: g.eventGroupSlug,
        organizerId: g.organizerId,
        name: g.namePub,
        description: g.description ?? null,
        poster: stored(g.poster),
        visible: g.visible,
        digest,
        updatedAt: stamps.updatedAt(g.eventGroupId, digest),
      };
    }),
  );
}
