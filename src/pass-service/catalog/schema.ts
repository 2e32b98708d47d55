/**
 * Catalog import format: the JSON file the demo seed and the `import` command load into the pass service.
 *
 * - Every text a buyer reads is a `Localized` object with all four storefront languages, none empty.
 * - Ids are UUIDs written in the file (deterministic seeds); seats generated from a `seatGrid` get their ids
 *   from the importer (derive them deterministically, e.g. UUID v5 of the sector id and `row-number`).
 * - Money is integer minor units in the event's `currencyId`.
 * - Images are files relative to the catalog's media folder (`{ file }`) or drawn by the seed
 *   (`{ generate }`); the service serves both under `/media/…`.
 * - `parseCatalog` checks the shape, then every reference (an event's organizer must exist, …); each
 *   problem is reported as `path.to.field: reason`.
 */
import { z } from "zod/mini";
import { ExternalLink } from "../../contract/band.ts";
import {
  CountryId,
  CurrencyId,
  DisplayOrder,
  Email,
  enumId,
  Geo,
  HexColor,
  IsoDateTime,
  MinorUnits,
  Phone,
  SignedMinorUnits,
  Slug,
  TimeZone,
  Uuid,
} from "../../contract/common.ts";
import { DiscountKind } from "../../contract/ticket.ts";
import { RESERVED_ORGANIZER_SLUGS } from "../../contract/v2.ts";

const text = z.string().check(z.trim(), z.minLength(1, "Must not be empty"));

/** A text in every storefront language: cs, en, de and sk, none empty. */
export const Localized = z.strictObject({ cs: text, en: text, de: text, sk: text });

/** A text in every storefront language. */
export type Localized = z.infer<typeof Localized>;

/** A file path relative to the catalog's media folder: no leading slash, no `..`, an image extension. */
export const MediaFile = z
  .string()
  .check(
    z.regex(
      /^(?!\/)(?!.*\.\.)[A-Za-z0-9_./-]+\.(svg|png|jpg|jpeg|webp)$/,
      "Must be a relative image path (svg/png/jpg/webp)",
    ),
  );

/** What the seed draws when an image has no file: a poster, logo, photo or avatar from a seed text. */
export const GeneratedImage = z.strictObject({
  kind: z.enum(["poster", "logo", "photo", "avatar"]),
  seed: text.check(z.meta({ description: "Same seed, same picture" })),
  title: z
    .optional(text)
    .check(z.meta({ description: "Text drawn on the picture (a name, not translated)" })),
  hue: z.optional(z.number().check(z.int(), z.gte(0), z.lte(359))),
});

const imageSize = {
  width: z.number().check(z.int(), z.positive()),
  height: z.number().check(z.int(), z.positive()),
  alt: Localized,
};

/** An image of the catalog: a file, or a descriptor the seed draws locally. */
export const CatalogImage = z.union([
  z.strictObject({ file: MediaFile, ...imageSize }),
  z.strictObject({ generate: GeneratedImage, ...imageSize }),
]);

/** An image of the catalog. */
export type CatalogImage = z.infer<typeof CatalogImage>;

/** A postal address; the city name is localized (Praha / Prague / Prag / Praha). */
export const CatalogAddress = z.strictObject({
  street: text,
  city: Localized,
  postalCode: text,
  countryId: CountryId,
  regionId: z.optional(enumId("region")),
});

/** Bank account receiving transfers for an organizer's orders. */
export const CatalogBankAccount = z.strictObject({
  accountNumber: z
    .string()
    .check(z.regex(/^(\d{1,6}-)?\d{2,10}\/\d{4}$/, "Must be a Czech account number, e.g. 2900123456/2010")),
  iban: z.string().check(z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "Must be an IBAN without spaces")),
  bic: z.string().check(z.regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, "Must be a BIC")),
});

/** Terms of sale of an organizer (refunds and cancellation included): a version the buyer accepts, and the text. */
export const CatalogTerms = z.strictObject({
  version: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  text: Localized,
});

/** An organizer. */
export const CatalogOrganizer = z.strictObject({
  organizerId: Uuid,
  organizerSlug: Slug,
  name: Localized,
  description: z.optional(Localized),
  logo: z.optional(CatalogImage),
  web: z.optional(z.url({ protocol: /^https?$/ })),
  email: z.optional(Email),
  phone: z.optional(Phone),
  countryId: CountryId,
  address: z.optional(CatalogAddress),
  bankAccount: z.optional(CatalogBankAccount),
  companyId: z.optional(z.string().check(z.regex(/^\d{6,10}$/, "Must be 6–10 digits"))),
  vatId: z.optional(z.string().check(z.maxLength(20))),
  legalName: z.optional(text),
  termsOfSale: z.optional(CatalogTerms),
  privacyNotice: z.optional(Localized),
});

/** A partner shown on event or tour pages of an organizer. */
export const CatalogOrgPartner = z.strictObject({
  orgPartnerId: Uuid,
  organizerId: Uuid,
  name: Localized,
  description: z.optional(Localized),
  logo: z.optional(CatalogImage),
  url: z.optional(z.url({ protocol: /^https?$/ })),
  eventIds: z._default(z.array(Uuid), []),
  eventGroupIds: z._default(z.array(Uuid), []),
  displayOrder: z._default(DisplayOrder, 0),
});

/** An event group (tour). */
export const CatalogEventGroup = z.strictObject({
  eventGroupId: Uuid,
  eventGroupSlug: Slug,
  organizerId: Uuid,
  namePub: Localized,
  description: z.optional(Localized),
  poster: z.optional(CatalogImage),
  visible: z._default(z.boolean(), true),
});

/**
 * An explicit seat of a seated sector; x/y on the venue plan (the units of the sector's `layout`, inside
 * it), the stage towards smaller y.
 */
export const CatalogSeat = z.strictObject({
  seatId: Uuid,
  row: text.check(z.maxLength(10)),
  number: z.number().check(z.int(), z.positive()),
  x: z.number(),
  y: z.number(),
});

/** Parameters that generate the seats of a rectangular seated sector. */
export const SeatGrid = z.strictObject({
  rows: z.number().check(z.int(), z.gte(1), z.lte(200)),
  seatsPerRow: z.number().check(z.int(), z.gte(1), z.lte(200)),
  rowLabels: z._default(z.enum(["letters", "numbers"]), "letters"),
  originX: z._default(z.number(), 0),
  originY: z._default(z.number(), 0),
  spacingX: z._default(z.number().check(z.positive()), 1),
  spacingY: z._default(z.number().check(z.positive()), 1),
});

/** Parameters that generate the seats of a seated sector. */
export type SeatGrid = z.infer<typeof SeatGrid>;

/** A sector of a venue: seated (explicit `seats` or a `seatGrid`) or standing (a `capacity`). */
export const CatalogSector = z
  .strictObject({
    sectorId: Uuid,
    name: Localized,
    kind: z.enum(["seated", "standing"]),
    capacity: z.optional(z.number().check(z.int(), z.positive())),
    displayOrder: z._default(DisplayOrder, 0),
    layout: z.optional(
      z.strictObject({
        x: z.number(),
        y: z.number(),
        width: z.number().check(z.positive()),
        height: z.number().check(z.positive()),
      }),
    ),
    seats: z.optional(z.array(CatalogSeat).check(z.minLength(1))),
    seatGrid: z.optional(SeatGrid),
  })
  .check(
    z.superRefine((s, ctx) => {
      const layout = s.layout;
      if (layout) {
        const seats = s.seats ?? (s.seatGrid ? gridSeats(s.seatGrid) : []);
        const outside = seats.findIndex(
          (seat) =>
            seat.x < layout.x ||
            seat.y < layout.y ||
            seat.x > layout.x + layout.width ||
            seat.y > layout.y + layout.height,
        );
        const seat = seats[outside];
        if (seat)
          ctx.addIssue({
            code: "custom",
            path: s.seats ? ["seats", outside] : ["seatGrid"],
            message: `Seat ${seat.row}-${seat.number} lies outside the sector's layout`,
          });
      }
      const spots = new Set<string>();
      s.seats?.forEach((seat, i) => {
        const spot = `${seat.x},${seat.y}`;
        if (spots.has(spot))
          ctx.addIssue({ code: "custom", path: ["seats", i], message: `Two seats at ${spot}` });
        spots.add(spot);
      });
      if (s.kind === "standing") {
        if (s.capacity === undefined)
          ctx.addIssue({ code: "custom", path: ["capacity"], message: "A standing sector needs a capacity" });
        if (s.seats || s.seatGrid)
          ctx.addIssue({ code: "custom", path: ["seats"], message: "A standing sector has no seats" });
      } else if ((s.seats === undefined) === (s.seatGrid === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: ["seats"],
          message: "A seated sector needs either seats or a seatGrid",
        });
      }
    }),
  );

/** A venue with its sectors. */
export const CatalogVenue = z.strictObject({
  venueId: Uuid,
  name: Localized,
  venueTypeId: enumId("venueType"),
  address: CatalogAddress,
  geo: z.optional(Geo),
  description: z.optional(Localized),
  image: z.optional(CatalogImage),
  sectors: z._default(z.array(CatalogSector), []),
});

/** A payment method offered for an event, with an optional fee. */
export const CatalogPaymentMethod = z.strictObject({
  paymentMethodId: enumId("paymentMethod"),
  feeAmount: z.optional(MinorUnits),
  displayOrder: z._default(DisplayOrder, 0),
});

/** An event. */
export const CatalogEvent = z.strictObject({
  eventId: Uuid,
  organizerId: Uuid,
  eventSlug: Slug,
  venueId: z.optional(Uuid),
  name: Localized,
  description: Localized,
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  doorsAt: z.optional(IsoDateTime),
  timezone: z._default(TimeZone, "Europe/Prague"),
  eventTypeId: enumId("eventType"),
  eventKindId: z._default(enumId("eventKind"), 1),
  eventCategoryIds: z._default(z.array(enumId("eventCategory")), []),
  eventSizeId: z._default(enumId("eventSize"), 2),
  currencyId: z._default(CurrencyId, 1),
  saleStartsAt: z.optional(IsoDateTime),
  saleEndsAt: z.optional(IsoDateTime),
  flags: z._default(
    z.strictObject({
      popular: z._default(z.boolean(), false),
      ourSelection: z._default(z.boolean(), false),
      special: z._default(z.boolean(), false),
    }),
    { popular: false, ourSelection: false, special: false },
  ),
  visible: z._default(z.boolean(), true),
  poster: z.optional(CatalogImage),
  eventGroupIds: z._default(z.array(Uuid), []),
  galleryIds: z._default(z.array(Uuid), []),
  paymentMethods: z
    .array(CatalogPaymentMethod)
    .check(z.minLength(1, "An event needs at least one payment method")),
  lineup: z._default(
    z.array(
      z.strictObject({
        bandId: Uuid,
        main: z._default(z.boolean(), false),
        displayOrder: z._default(DisplayOrder, 0),
      }),
    ),
    [],
  ),
  performers: z._default(
    z.array(
      z.strictObject({
        performerId: Uuid,
        main: z._default(z.boolean(), false),
        displayOrder: z._default(DisplayOrder, 0),
      }),
    ),
    [],
  ),
  chipCreditLimit: z.optional(
    z.strictObject({
      minAmount: MinorUnits,
      maxAmount: MinorUnits,
      step: z.number().check(z.int(), z.positive()),
    }),
  ),
});

/** A group of ticket types of an event. */
export const CatalogTicketTypeGroup = z.strictObject({
  ticketTypeGroupId: Uuid,
  eventId: Uuid,
  namePub: Localized,
  description: z.optional(Localized),
  displayOrder: z._default(DisplayOrder, 0),
});

/** A ticket type of an event; `sectorId` binds it to a sector of the event's venue. */
export const CatalogTicketType = z.strictObject({
  ticketTypeId: Uuid,
  eventId: Uuid,
  ticketTypeGroupId: z.optional(Uuid),
  namePub: Localized,
  description: z.optional(Localized),
  price: MinorUnits,
  capacity: z.number().check(z.int(), z.nonnegative()),
  minPerOrder: z._default(z.number().check(z.int(), z.positive()), 1),
  maxPerOrder: z._default(z.number().check(z.int(), z.positive()), 10),
  itemTypeId: z._default(enumId("itemType"), 1),
  sectorId: z.optional(Uuid),
  reservationCategoryId: z.optional(Uuid),
  salesFrom: z.optional(IsoDateTime),
  salesTo: z.optional(IsoDateTime),
  displayOrder: z._default(DisplayOrder, 0),
  vatRate: z
    .optional(z.number().check(z.gte(0), z.lte(100)))
    .check(
      z.meta({ description: "VAT rate in percent; default 12 (admission to a cultural event in Czechia)" }),
    ),
});

/** A seat price category of an event, drawn in its colour on the seat map. */
export const CatalogReservationCategory = z.strictObject({
  reservationCategoryId: Uuid,
  eventId: Uuid,
  name: Localized,
  color: HexColor,
  ticketTypeId: z.optional(Uuid),
  displayOrder: z._default(DisplayOrder, 0),
});

/** A group of extra products of an event. */
export const CatalogProductGroup = z.strictObject({
  productGroupId: Uuid,
  eventId: Uuid,
  name: Localized,
  description: z.optional(Localized),
  image: z.optional(CatalogImage),
  displayOrder: z._default(DisplayOrder, 0),
});

/** A value of a variant, e.g. size "L". */
export const CatalogVariantValue = z.strictObject({
  variantValueId: Uuid,
  name: Localized,
  priceDelta: z._default(SignedMinorUnits, 0),
  capacity: z.optional(z.number().check(z.int(), z.nonnegative())),
  displayOrder: z._default(DisplayOrder, 0),
});

/** A variant of an extra product, e.g. "Size". */
export const CatalogVariant = z.strictObject({
  variantId: Uuid,
  name: Localized,
  displayOrder: z._default(DisplayOrder, 0),
  values: z.array(CatalogVariantValue).check(z.minLength(1)),
});

/** Chip credit included with each unit of an extra product. */
export const CatalogChipTopUp = z.strictObject({
  productItemId: Uuid,
  amount: MinorUnits.check(z.positive()),
});

/** An extra product of an event. */
export const CatalogExtraProduct = z.strictObject({
  ticketProductId: Uuid,
  eventId: Uuid,
  productGroupId: z.optional(Uuid),
  name: Localized,
  description: z.optional(Localized),
  price: MinorUnits,
  capacity: z.number().check(z.int(), z.nonnegative()),
  maxPerOrder: z._default(z.number().check(z.int(), z.positive()), 10),
  itemTypeId: z._default(enumId("itemType"), 6),
  productCategoryId: z.optional(enumId("productCategory")),
  displayOrder: z._default(DisplayOrder, 0),
  image: z.optional(CatalogImage),
  chips: z._default(z.array(CatalogChipTopUp), []),
  variants: z._default(z.array(CatalogVariant), []),
  vatRate: z
    .optional(z.number().check(z.gte(0), z.lte(100)))
    .check(z.meta({ description: "VAT rate in percent; default 21" })),
});

/** A chip top-up product of an event. */
export const CatalogChipProduct = z.strictObject({
  productItemId: Uuid,
  eventId: Uuid,
  name: Localized,
  description: z.optional(Localized),
  amount: MinorUnits.check(z.positive()),
  price: MinorUnits,
  chipTypeId: z._default(enumId("chipType"), 2),
  displayOrder: z._default(DisplayOrder, 0),
  vatRate: z
    .optional(z.number().check(z.gte(0), z.lte(100)))
    .check(z.meta({ description: "VAT rate in percent; default 0 (credit is a voucher, taxed when spent)" })),
});

const Code = z
  .string()
  .check(z.regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, "Must be 3–32 upper-case letters, digits or dashes"));

const discountFields = {
  code: Code,
  kind: DiscountKind,
  value: z
    .number()
    .check(z.int(), z.positive(), z.meta({ description: "percent: 1–100; fixed: minor units" })),
  ticketTypeIds: z._default(z.array(Uuid), []),
  ticketProductIds: z._default(z.array(Uuid), []),
  validFrom: z.optional(IsoDateTime),
  validTo: z.optional(IsoDateTime),
  maxUses: z.optional(z.number().check(z.int(), z.positive())),
};

/** A coupon of one event. */
export const CatalogCoupon = z.strictObject({ couponId: Uuid, eventId: Uuid, ...discountFields });

/** A supercoupon: a prepaid code worth `maxTickets` tickets across events of an organizer. */
export const CatalogSupercoupon = z.strictObject({
  supercouponId: Uuid,
  organizerId: Uuid,
  code: Code,
  eventIds: z._default(z.array(Uuid), []),
  ticketTypeIds: z._default(z.array(Uuid), []),
  maxTickets: z.number().check(z.int(), z.positive()),
  validTo: z.optional(IsoDateTime),
});

/** A discount code of an organizer, for some events (`eventIds`) or all of them (empty). */
export const CatalogDiscountCode = z.strictObject({
  discountCodeId: Uuid,
  organizerId: Uuid,
  eventIds: z._default(z.array(Uuid), []),
  ...discountFields,
});

const profileFields = {
  profileSlug: Slug,
  name: Localized,
  genre: z.optional(Localized),
  description: z.optional(Localized),
  image: z.optional(CatalogImage),
  countryId: z.optional(CountryId),
  links: z._default(z.array(ExternalLink), []),
  galleryId: z.optional(Uuid),
};

/** A band. */
export const CatalogBand = z.strictObject({ bandId: Uuid, ...profileFields });

/** A performer, possibly a member of bands. */
export const CatalogPerformer = z.strictObject({
  performerId: Uuid,
  ...profileFields,
  role: z.optional(Localized),
  bandIds: z._default(z.array(Uuid), []),
});

/** A gallery with its images. */
export const CatalogGallery = z.strictObject({
  galleryId: Uuid,
  name: Localized,
  description: z.optional(Localized),
  images: z.array(
    z.strictObject({
      imageId: Uuid,
      image: CatalogImage,
      caption: z.optional(Localized),
      displayOrder: z._default(DisplayOrder, 0),
    }),
  ),
});

/** A stage of an event. */
export const CatalogStage = z.strictObject({
  stageId: Uuid,
  eventId: Uuid,
  name: Localized,
  description: z.optional(Localized),
  displayOrder: z._default(DisplayOrder, 0),
});

/** A program entry: who plays on which stage and when, and the products sold for it. */
export const CatalogProgramEntry = z.strictObject({
  entryId: Uuid,
  eventId: Uuid,
  stageId: Uuid,
  name: Localized,
  description: z.optional(Localized),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  bandIds: z._default(z.array(Uuid), []),
  performerIds: z._default(z.array(Uuid), []),
  ticketProductIds: z._default(z.array(Uuid), []),
});

const catalogShape = z.strictObject({
  version: z.literal(1),
  organizers: z._default(z.array(CatalogOrganizer), []),
  orgPartners: z._default(z.array(CatalogOrgPartner), []),
  eventGroups: z._default(z.array(CatalogEventGroup), []),
  venues: z._default(z.array(CatalogVenue), []),
  events: z._default(z.array(CatalogEvent), []),
  ticketTypeGroups: z._default(z.array(CatalogTicketTypeGroup), []),
  ticketTypes: z._default(z.array(CatalogTicketType), []),
  reservationCategories: z._default(z.array(CatalogReservationCategory), []),
  productGroups: z._default(z.array(CatalogProductGroup), []),
  extraProducts: z._default(z.array(CatalogExtraProduct), []),
  chipProducts: z._default(z.array(CatalogChipProduct), []),
  coupons: z._default(z.array(CatalogCoupon), []),
  supercoupons: z._default(z.array(CatalogSupercoupon), []),
  discountCodes: z._default(z.array(CatalogDiscountCode), []),
  bands: z._default(z.array(CatalogBand), []),
  performers: z._default(z.array(CatalogPerformer), []),
  galleries: z._default(z.array(CatalogGallery), []),
  stages: z._default(z.array(CatalogStage), []),
  programEntries: z._default(z.array(CatalogProgramEntry), []),
});

type Shape = z.output<typeof catalogShape>;
type Path = (string | number)[];

/** Checks references and cross-field rules of a shape-valid catalog; each issue names the bad field. */
function checkCatalog(c: Shape, ctx: z.core.$RefinementCtx): void {
  const issue = (path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });

  // Every id is a UUID used once in the whole catalog.
  const seenIds = new Map<string, string>();
  const claim = (id: string, path: Path) => {
    const first = seenIds.get(id);
    if (first) issue(path, `Duplicate id ${id} (first used at ${first})`);
    else seenIds.set(id, path.join("."));
  };
  const index = <T>(list: T[], key: keyof T & string, name: string) => {
    const map = new Map<string, T>();
    list.forEach((item, i) => {
      const id = item[key] as unknown as string;
      claim(id, [name, i, key]);
      map.set(id, item);
    });
    return map;
  };
  const organizers = index(c.organizers, "organizerId", "organizers");
  index(c.orgPartners, "orgPartnerId", "orgPartners");
  const groups = index(c.eventGroups, "eventGroupId", "eventGroups");
  const venues = index(c.venues, "venueId", "venues");
  const events = index(c.events, "eventId", "events");
  const ttGroups = index(c.ticketTypeGroups, "ticketTypeGroupId", "ticketTypeGroups");
  const ticketTypes = index(c.ticketTypes, "ticketTypeId", "ticketTypes");
  const categories = index(c.reservationCategories, "reservationCategoryId", "reservationCategories");
  const productGroups = index(c.productGroups, "productGroupId", "productGroups");
  const products = index(c.extraProducts, "ticketProductId", "extraProducts");
  const chipProducts = index(c.chipProducts, "productItemId", "chipProducts");
  index(c.coupons, "couponId", "coupons");
  index(c.supercoupons, "supercouponId", "supercoupons");
  index(c.discountCodes, "discountCodeId", "discountCodes");
  const bands = index(c.bands, "bandId", "bands");
  const performers = index(c.performers, "performerId", "performers");
  const galleries = index(c.galleries, "galleryId", "galleries");
  const stages = index(c.stages, "stageId", "stages");
  index(c.programEntries, "entryId", "programEntries");

  const sectorVenue = new Map<string, string>();
  c.venues.forEach((v, vi) => {
    v.sectors.forEach((s, si) => {
      claim(s.sectorId, ["venues", vi, "sectors", si, "sectorId"]);
      sectorVenue.set(s.sectorId, v.venueId);
      const places = new Set<string>();
      s.seats?.forEach((seat, ki) => {
        claim(seat.seatId, ["venues", vi, "sectors", si, "seats", ki, "seatId"]);
        const place = `${seat.row}-${seat.number}`;
        if (places.has(place))
          issue(["venues", vi, "sectors", si, "seats", ki, "number"], `Seat ${place} repeats`);
        places.add(place);
      });
    });
  });
  c.extraProducts.forEach((p, pi) => {
    p.variants.forEach((variant, vi) => {
      claim(variant.variantId, ["extraProducts", pi, "variants", vi, "variantId"]);
      variant.values.forEach((value, xi) => {
        claim(value.variantValueId, ["extraProducts", pi, "variants", vi, "values", xi, "variantValueId"]);
      });
    });
  });
  c.galleries.forEach((g, gi) => {
    g.images.forEach((img, ii) => {
      claim(img.imageId, ["galleries", gi, "images", ii, "imageId"]);
    });
  });

  // References.
  const ref = (map: Map<string, unknown>, id: string | undefined, path: Path, what: string) => {
    if (id !== undefined && !map.has(id)) issue(path, `Unknown ${what} ${id}`);
    return id !== undefined && map.has(id);
  };
  const refs = (map: Map<string, unknown>, ids: string[], path: Path, what: string) => {
    ids.forEach((id, i) => {
      ref(map, id, [...path, i], what);
    });
  };
  const sameEvent = (owner: { eventId: string } | undefined, eventId: string, path: Path, what: string) => {
    if (owner && owner.eventId !== eventId) issue(path, `${what} belongs to another event`);
  };
  const unique = (values: string[], path: (i: number) => Path, what: string) => {
    const seen = new Set<string>();
    values.forEach((v, i) => {
      if (seen.has(v)) issue(path(i), `${what} "${v}" repeats`);
      seen.add(v);
    });
  };
  const order = (from: string | undefined, to: string | undefined, path: Path, message: string) => {
    if (from && to && Date.parse(to) <= Date.parse(from)) issue(path, message);
  };
  const reserved = new Set(RESERVED_ORGANIZER_SLUGS);

  unique(
    c.organizers.map((o) => o.organizerSlug),
    (i) => ["organizers", i, "organizerSlug"],
    "Organizer slug",
  );
  c.organizers.forEach((o, i) => {
    if (reserved.has(o.organizerSlug)) {
      issue(["organizers", i, "organizerSlug"], `"${o.organizerSlug}" is reserved by a service path`);
    }
  });
  unique(
    c.eventGroups.map((g) => g.eventGroupSlug),
    (i) => ["eventGroups", i, "eventGroupSlug"],
    "Event group slug",
  );
  unique(
    c.events.map((e) => `${e.organizerId}/${e.eventSlug}`),
    (i) => ["events", i, "eventSlug"],
    "Event slug of the organizer",
  );
  unique(
    c.bands.map((b) => b.profileSlug),
    (i) => ["bands", i, "profileSlug"],
    "Band profile slug",
  );
  unique(
    c.performers.map((p) => p.profileSlug),
    (i) => ["performers", i, "profileSlug"],
    "Performer profile slug",
  );

  c.orgPartners.forEach((p, i) => {
    ref(organizers, p.organizerId, ["orgPartners", i, "organizerId"], "organizer");
    refs(events, p.eventIds, ["orgPartners", i, "eventIds"], "event");
    refs(groups, p.eventGroupIds, ["orgPartners", i, "eventGroupIds"], "event group");
  });
  c.eventGroups.forEach((g, i) => {
    ref(organizers, g.organizerId, ["eventGroups", i, "organizerId"], "organizer");
  });

  c.events.forEach((e, i) => {
    const at = (...rest: Path): Path => ["events", i, ...rest];
    ref(organizers, e.organizerId, at("organizerId"), "organizer");
    ref(venues, e.venueId, at("venueId"), "venue");
    e.eventGroupIds.forEach((id, k) => {
      const group = groups.get(id);
      if (!group) issue(at("eventGroupIds", k), `Unknown event group ${id}`);
      else if (group.organizerId !== e.organizerId)
        issue(at("eventGroupIds", k), "Event group of another organizer");
    });
    refs(galleries, e.galleryIds, at("galleryIds"), "gallery");
    e.lineup.forEach((l, k) => {
      ref(bands, l.bandId, at("lineup", k, "bandId"), "band");
    });
    e.performers.forEach((l, k) => {
      ref(performers, l.performerId, at("performers", k, "performerId"), "performer");
    });
    unique(
      e.paymentMethods.map((m) => String(m.paymentMethodId)),
      (k) => at("paymentMethods", k, "paymentMethodId"),
      "Payment method",
    );
    order(e.startsAt, e.endsAt, at("endsAt"), "Must be after startsAt");
    if (e.doorsAt && Date.parse(e.doorsAt) > Date.parse(e.startsAt))
      issue(at("doorsAt"), "Must not be after startsAt");
    order(e.saleStartsAt, e.saleEndsAt, at("saleEndsAt"), "Must be after saleStartsAt");
    if (e.chipCreditLimit && e.chipCreditLimit.minAmount > e.chipCreditLimit.maxAmount) {
      issue(at("chipCreditLimit", "maxAmount"), "Must not be below minAmount");
    }
  });

  c.ticketTypeGroups.forEach((g, i) => {
    ref(events, g.eventId, ["ticketTypeGroups", i, "eventId"], "event");
  });
  c.ticketTypes.forEach((t, i) => {
    const at = (...rest: Path): Path => ["ticketTypes", i, ...rest];
    const event = events.get(t.eventId);
    ref(events, t.eventId, at("eventId"), "event");
    if (ref(ttGroups, t.ticketTypeGroupId, at("ticketTypeGroupId"), "ticket type group")) {
      sameEvent(
        ttGroups.get(t.ticketTypeGroupId ?? ""),
        t.eventId,
        at("ticketTypeGroupId"),
        "Ticket type group",
      );
    }
    if (t.sectorId !== undefined) {
      const venueId = sectorVenue.get(t.sectorId);
      if (!venueId) issue(at("sectorId"), `Unknown sector ${t.sectorId}`);
      else if (event && event.venueId !== venueId)
        issue(at("sectorId"), "Sector is not in the event's venue");
    }
    if (ref(categories, t.reservationCategoryId, at("reservationCategoryId"), "reservation category")) {
      sameEvent(
        categories.get(t.reservationCategoryId ?? ""),
        t.eventId,
        at("reservationCategoryId"),
        "Reservation category",
      );
    }
    if (t.minPerOrder > t.maxPerOrder) issue(at("maxPerOrder"), "Must not be below minPerOrder");
    order(t.salesFrom, t.salesTo, at("salesTo"), "Must be after salesFrom");
  });
  c.reservationCategories.forEach((r, i) => {
    ref(events, r.eventId, ["reservationCategories", i, "eventId"], "event");
    if (ref(ticketTypes, r.ticketTypeId, ["reservationCategories", i, "ticketTypeId"], "ticket type")) {
      sameEvent(
        ticketTypes.get(r.ticketTypeId ?? ""),
        r.eventId,
        ["reservationCategories", i, "ticketTypeId"],
        "Ticket type",
      );
    }
  });
  c.productGroups.forEach((g, i) => {
    ref(events, g.eventId, ["productGroups", i, "eventId"], "event");
  });
  c.extraProducts.forEach((p, i) => {
    const at = (...rest: Path): Path => ["extraProducts", i, ...rest];
    ref(events, p.eventId, at("eventId"), "event");
    if (ref(productGroups, p.productGroupId, at("productGroupId"), "product group")) {
      sameEvent(productGroups.get(p.productGroupId ?? ""), p.eventId, at("productGroupId"), "Product group");
    }
    p.chips.forEach((chip, k) => {
      ref(chipProducts, chip.productItemId, at("chips", k, "productItemId"), "chip product");
    });
  });
  c.chipProducts.forEach((p, i) => {
    ref(events, p.eventId, ["chipProducts", i, "eventId"], "event");
  });

  const checkDiscount = (
    d: {
      kind: string;
      value: number;
      ticketTypeIds: string[];
      ticketProductIds: string[];
      validFrom?: string | undefined;
      validTo?: string | undefined;
    },
    at: (...rest: Path) => Path,
    eventIds: string[] | null,
  ) => {
    if (d.kind === "percent" && d.value > 100) issue(at("value"), "A percentage must be 1–100");
    d.ticketTypeIds.forEach((id, k) => {
      const t = ticketTypes.get(id);
      if (!t) issue(at("ticketTypeIds", k), `Unknown ticket type ${id}`);
      else if (eventIds && eventIds.length > 0 && !eventIds.includes(t.eventId)) {
        issue(at("ticketTypeIds", k), "Ticket type of an event the code does not cover");
      }
    });
    d.ticketProductIds.forEach((id, k) => {
      const p = products.get(id);
      if (!p) issue(at("ticketProductIds", k), `Unknown extra product ${id}`);
      else if (eventIds && eventIds.length > 0 && !eventIds.includes(p.eventId)) {
        issue(at("ticketProductIds", k), "Extra product of an event the code does not cover");
      }
    });
    order(d.validFrom, d.validTo, at("validTo"), "Must be after validFrom");
  };
  c.coupons.forEach((d, i) => {
    const at = (...rest: Path): Path => ["coupons", i, ...rest];
    ref(events, d.eventId, at("eventId"), "event");
    checkDiscount(d, at, [d.eventId]);
  });
  unique(
    c.coupons.map((d) => `${d.eventId}/${d.code}`),
    (i) => ["coupons", i, "code"],
    "Coupon code of the event",
  );
  c.discountCodes.forEach((d, i) => {
    const at = (...rest: Path): Path => ["discountCodes", i, ...rest];
    ref(organizers, d.organizerId, at("organizerId"), "organizer");
    d.eventIds.forEach((id, k) => {
      const event = events.get(id);
      if (!event) issue(at("eventIds", k), `Unknown event ${id}`);
      else if (event.organizerId !== d.organizerId) issue(at("eventIds", k), "Event of another organizer");
    });
    checkDiscount(d, at, d.eventIds);
  });
  unique(
    c.discountCodes.map((d) => `${d.organizerId}/${d.code}`),
    (i) => ["discountCodes", i, "code"],
    "Discount code of the organizer",
  );
  c.supercoupons.forEach((d, i) => {
    const at = (...rest: Path): Path => ["supercoupons", i, ...rest];
    ref(organizers, d.organizerId, at("organizerId"), "organizer");
    d.eventIds.forEach((id, k) => {
      const event = events.get(id);
      if (!event) issue(at("eventIds", k), `Unknown event ${id}`);
      else if (event.organizerId !== d.organizerId) issue(at("eventIds", k), "Event of another organizer");
    });
    refs(ticketTypes, d.ticketTypeIds, at("ticketTypeIds"), "ticket type");
  });
  unique(
    c.supercoupons.map((d) => d.code),
    (i) => ["supercoupons", i, "code"],
    "Supercoupon code",
  );

  c.bands.forEach((b, i) => {
    ref(galleries, b.galleryId, ["bands", i, "galleryId"], "gallery");
  });
  c.performers.forEach((p, i) => {
    ref(galleries, p.galleryId, ["performers", i, "galleryId"], "gallery");
    refs(bands, p.bandIds, ["performers", i, "bandIds"], "band");
  });
  c.stages.forEach((s, i) => {
    ref(events, s.eventId, ["stages", i, "eventId"], "event");
  });
  c.programEntries.forEach((p, i) => {
    const at = (...rest: Path): Path => ["programEntries", i, ...rest];
    ref(events, p.eventId, at("eventId"), "event");
    if (ref(stages, p.stageId, at("stageId"), "stage")) {
      sameEvent(stages.get(p.stageId), p.eventId, at("stageId"), "Stage");
    }
    refs(bands, p.bandIds, at("bandIds"), "band");
    refs(performers, p.performerIds, at("performerIds"), "performer");
    p.ticketProductIds.forEach((id, k) => {
      if (ref(products, id, at("ticketProductIds", k), "extra product")) {
        sameEvent(products.get(id), p.eventId, at("ticketProductIds", k), "Extra product");
      }
    });
    order(p.startsAt, p.endsAt, at("endsAt"), "Must be after startsAt");
  });
}

/** The catalog import format: shape plus reference checks. */
export const CatalogSchema = catalogShape.check(z.superRefine(checkCatalog));

/** A parsed catalog (defaults applied). */
export type Catalog = z.output<typeof CatalogSchema>;

/** A catalog as written in a file (defaulted fields may be left out). */
export type CatalogInput = z.input<typeof CatalogSchema>;

/** One problem of a catalog: the dot path of the bad field and why. */
export interface CatalogIssue {
  /** Dot path, e.g. `events.0.organizerId`. */
  path: string;
  /** Why the value is refused. */
  message: string;
}

/** Thrown by `parseCatalog`; its message lists every issue as `path.to.field: reason`. */
export class CatalogError extends Error {
  /** Every problem found. */
  readonly issues: CatalogIssue[];

  constructor(issues: CatalogIssue[]) {
    super(
      `Invalid catalog (${issues.length} issue${issues.length === 1 ? "" : "s"}):\n${issues.map((i) => `  ${i.path || "(root)"}: ${i.message}`).join("\n")}`,
    );
    this.name = "CatalogError";
    this.issues = issues;
  }
}

/** Parses and checks a catalog (the JSON value of a catalog file); throws a `CatalogError` listing each issue. */
export function parseCatalog(json: unknown): Catalog {
  const result = CatalogSchema.safeParse(json);
  if (result.success) return result.data;
  throw new CatalogError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
  );
}

/** Row label of a generated seat row: letters A…Z, AA… or numbers 1…. */
export function seatRowLabel(index: number, labels: SeatGrid["rowLabels"]): string {
  if (labels === "numbers") return String(index + 1);
  let n = index;
  let label = "";
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

/** Seats (without ids) of a seat grid, row by row; the importer gives each a deterministic id. */
export function gridSeats(grid: SeatGrid): { row: string; number: number; x: number; y: number }[] {
  const seats: { row: string; number: number; x: number; y: number }[] = [];
  for (let r = 0; r < grid.rows; r++) {
    const row = seatRowLabel(r, grid.rowLabels);
    for (let s = 0; s < grid.seatsPerRow; s++) {
      seats.push({
        row,
        number: s + 1,
        x: grid.originX + s * grid.spacingX,
        y: grid.originY + r * grid.spacingY,
      });
    }
  }
  return seats;
}
