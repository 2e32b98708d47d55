/**
 * Database schema of the reference pass service (PostgreSQL dialect; runs on PGlite and PostgreSQL).
 * Texts a buyer reads are stored once per language in `jsonb` ({ cs, en, de, sk }); images are references to
 * rows of `media`, served under /media/. Money is integer minor units in the event's currency.
 * Changing this file needs a migration: `npx drizzle-kit generate` writes it to ./migrations.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Locale } from "../../lib/i18n/config.ts";

/** A text in every storefront language. */
export type LocalizedText = Record<Locale, string>;
/** An image stored in `media`: its key, intrinsic size and alternative text. */
export type StoredImage = { key: string; width: number; height: number; alt: LocalizedText };
/** A postal address with a localized city name. */
export type StoredAddress = {
  street: string;
  city: LocalizedText;
  postalCode: string;
  countryId: number;
  regionId: number | null;
};

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const localized = (name: string) => jsonb(name).$type<LocalizedText>();
const image = (name: string) => jsonb(name).$type<StoredImage>();

/** Key/value facts about the database itself (seed version, when the demo catalog was loaded). */
export const serviceMeta = pgTable("service_meta", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** How to draw a generated image: its descriptor and size (see catalog/images.ts). */
export type ImageRecipe = {
  generate: {
    kind: "poster" | "logo" | "photo" | "avatar";
    seed: string;
    title?: string | undefined;
    hue?: number | undefined;
  };
  width: number;
  height: number;
};

/**
 * Image files served under /media/{key}. A generated image is stored as its recipe and drawn on its first
 * request (then its bytes are kept), so loading a catalog never waits for drawing.
 */
export const media = pgTable("media", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes"),
  recipe: jsonb("recipe").$type<ImageRecipe>(),
  etag: text("etag").notNull(),
});

/** Organizers. */
export const organizers = pgTable("organizers", {
  organizerId: uuid("organizer_id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: localized("name").notNull(),
  description: localized("description"),
  logo: image("logo"),
  web: text("web"),
  email: text("email"),
  phone: text("phone"),
  countryId: integer("country_id").notNull(),
  address: jsonb("address").$type<StoredAddress>(),
  bankAccount: jsonb("bank_account").$type<{ accountNumber: string; iban: string; bic: string }>(),
  companyId: text("company_id"),
  vatId: text("vat_id"),
  legalName: text("legal_name"),
  termsVersion: text("terms_version"),
  termsOfSale: localized("terms_of_sale"),
  privacyNotice: localized("privacy_notice"),
  digest: text("digest").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/** Partners shown on event and tour pages. */
export const orgPartners = pgTable(
  "org_partners",
  {
    orgPartnerId: uuid("org_partner_id").primaryKey(),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => organizers.organizerId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    logo: image("logo"),
    url: text("url"),
    eventIds: uuid("event_ids").array().notNull().default(sql`'{}'::uuid[]`),
    eventGroupIds: uuid("event_group_ids").array().notNull().default(sql`'{}'::uuid[]`),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [
    index("org_partners_organizer_idx").on(t.organizerId),
    index("org_partners_events_idx").using("gin", t.eventIds),
    index("org_partners_groups_idx").using("gin", t.eventGroupIds),
  ],
);

/** Event groups (tours). */
export const eventGroups = pgTable(
  "event_groups",
  {
    eventGroupId: uuid("event_group_id").primaryKey(),
    slug: text("slug").notNull().unique(),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => organizers.organizerId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    poster: image("poster"),
    visible: boolean("visible").notNull().default(true),
    digest: text("digest").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("event_groups_organizer_idx").on(t.organizerId)],
);

/** Venues. */
export const venues = pgTable("venues", {
  venueId: uuid("venue_id").primaryKey(),
  name: localized("name").notNull(),
  venueTypeId: integer("venue_type_id").notNull(),
  address: jsonb("address").$type<StoredAddress>().notNull(),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  description: localized("description"),
  image: image("image"),
});

/** Sectors of venues: seated (with seats) or standing (with a capacity). */
export const sectors = pgTable(
  "sectors",
  {
    sectorId: uuid("sector_id").primaryKey(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.venueId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    kind: text("kind").$type<"seated" | "standing">().notNull(),
    capacity: integer("capacity"),
    displayOrder: integer("display_order").notNull().default(0),
    layout: jsonb("layout").$type<{ x: number; y: number; width: number; height: number }>(),
  },
  (t) => [index("sectors_venue_idx").on(t.venueId)],
);

/** Seats of seated sectors. */
export const seats = pgTable(
  "seats",
  {
    seatId: uuid("seat_id").primaryKey(),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => sectors.sectorId, { onDelete: "cascade" }),
    row: text("row").notNull(),
    number: integer("number").notNull(),
    x: doublePrecision("x").notNull(),
    y: doublePrecision("y").notNull(),
  },
  (t) => [uniqueIndex("seats_place_idx").on(t.sectorId, t.row, t.number)],
);

/** Events. */
export const events = pgTable(
  "events",
  {
    eventId: uuid("event_id").primaryKey(),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => organizers.organizerId, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    venueId: uuid("venue_id").references(() => venues.venueId),
    name: localized("name").notNull(),
    description: localized("description").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    doorsAt: ts("doors_at"),
    timezone: text("timezone").notNull(),
    eventTypeId: integer("event_type_id").notNull(),
    eventKindId: integer("event_kind_id").notNull(),
    categoryIds: integer("category_ids").array().notNull().default(sql`'{}'::integer[]`),
    eventSizeId: integer("event_size_id").notNull(),
    currencyId: integer("currency_id").notNull(),
    saleStartsAt: ts("sale_starts_at"),
    saleEndsAt: ts("sale_ends_at"),
    popular: boolean("popular").notNull().default(false),
    ourSelection: boolean("our_selection").notNull().default(false),
    special: boolean("special").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    poster: image("poster"),
    galleryIds: uuid("gallery_ids").array().notNull().default(sql`'{}'::uuid[]`),
    chipCreditLimit: jsonb("chip_credit_limit").$type<{
      minAmount: number;
      maxAmount: number;
      step: number;
    }>(),
    digest: text("digest").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("events_slug_idx").on(t.organizerId, t.slug),
    index("events_starts_idx").on(t.startsAt),
    index("events_venue_idx").on(t.venueId),
  ],
);

/** Membership of events in event groups. */
export const eventGroupEvents = pgTable(
  "event_group_events",
  {
    eventGroupId: uuid("event_group_id")
      .notNull()
      .references(() => eventGroups.eventGroupId, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventGroupId, t.eventId] }), index("ege_event_idx").on(t.eventId)],
);

/** Payment methods offered for an event. */
export const eventPaymentMethods = pgTable(
  "event_payment_methods",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    paymentMethodId: integer("payment_method_id").notNull(),
    feeAmount: integer("fee_amount"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.paymentMethodId] })],
);

/** Galleries. */
export const galleries = pgTable("galleries", {
  galleryId: uuid("gallery_id").primaryKey(),
  name: localized("name").notNull(),
  description: localized("description"),
});

/** Images of galleries. */
export const galleryImages = pgTable(
  "gallery_images",
  {
    imageId: uuid("image_id").primaryKey(),
    galleryId: uuid("gallery_id")
      .notNull()
      .references(() => galleries.galleryId, { onDelete: "cascade" }),
    image: image("image").notNull(),
    caption: localized("caption"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("gallery_images_gallery_idx").on(t.galleryId)],
);

/** Bands. */
export const bands = pgTable(
  "bands",
  {
    bandId: uuid("band_id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: localized("name").notNull(),
    genre: localized("genre"),
    description: localized("description"),
    image: image("image"),
    countryId: integer("country_id"),
    links: jsonb("links").$type<{ kind: string; url: string }[]>().notNull().default([]),
    galleryId: uuid("gallery_id").references(() => galleries.galleryId),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("bands_gallery_idx").on(t.galleryId)],
);

/** Performers (possibly members of bands). */
export const performers = pgTable(
  "performers",
  {
    performerId: uuid("performer_id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: localized("name").notNull(),
    genre: localized("genre"),
    role: localized("role"),
    description: localized("description"),
    image: image("image"),
    countryId: integer("country_id"),
    links: jsonb("links").$type<{ kind: string; url: string }[]>().notNull().default([]),
    galleryId: uuid("gallery_id").references(() => galleries.galleryId),
    bandIds: uuid("band_ids").array().notNull().default(sql`'{}'::uuid[]`),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("performers_gallery_idx").on(t.galleryId)],
);

/** Line-up of events: bands. */
export const eventBands = pgTable(
  "event_bands",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    bandId: uuid("band_id")
      .notNull()
      .references(() => bands.bandId, { onDelete: "cascade" }),
    main: boolean("main").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.bandId] }), index("event_bands_band_idx").on(t.bandId)],
);

/** Line-up of events: performers. */
export const eventPerformers = pgTable(
  "event_performers",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    performerId: uuid("performer_id")
      .notNull()
      .references(() => performers.performerId, { onDelete: "cascade" }),
    main: boolean("main").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.performerId] }),
    index("event_performers_performer_idx").on(t.performerId),
  ],
);

/** Groups of ticket types of an event. */
export const ticketTypeGroups = pgTable(
  "ticket_type_groups",
  {
    ticketTypeGroupId: uuid("ticket_type_group_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("ticket_type_groups_event_idx").on(t.eventId)],
);

/** Seat price categories of an event. */
export const reservationCategories = pgTable(
  "reservation_categories",
  {
    reservationCategoryId: uuid("reservation_category_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    color: text("color").notNull(),
    ticketTypeId: uuid("ticket_type_id"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("reservation_categories_event_idx").on(t.eventId)],
);

/**
 * Ticket types with their inventory: `sold` counts units of orders that hold them (pending or paid);
 * what is still on sale is `capacity - sold - active holds`.
 */
export const ticketTypes = pgTable(
  "ticket_types",
  {
    ticketTypeId: uuid("ticket_type_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    ticketTypeGroupId: uuid("ticket_type_group_id").references(() => ticketTypeGroups.ticketTypeGroupId),
    name: localized("name").notNull(),
    description: localized("description"),
    price: integer("price").notNull(),
    capacity: integer("capacity").notNull(),
    sold: integer("sold").notNull().default(0),
    minPerOrder: integer("min_per_order").notNull().default(1),
    maxPerOrder: integer("max_per_order").notNull().default(10),
    itemTypeId: integer("item_type_id").notNull().default(1),
    sectorId: uuid("sector_id").references(() => sectors.sectorId),
    reservationCategoryId: uuid("reservation_category_id"),
    salesFrom: ts("sales_from"),
    salesTo: ts("sales_to"),
    displayOrder: integer("display_order").notNull().default(0),
    vatRate: doublePrecision("vat_rate").notNull().default(12),
  },
  (t) => [
    index("ticket_types_event_idx").on(t.eventId),
    index("ticket_types_group_idx").on(t.ticketTypeGroupId),
    index("ticket_types_sector_idx").on(t.sectorId),
  ],
);

/** Groups of extra products of an event. */
export const productGroups = pgTable(
  "product_groups",
  {
    productGroupId: uuid("product_group_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    image: image("image"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("product_groups_event_idx").on(t.eventId)],
);

/** Chip top-up products of an event. */
export const chipProducts = pgTable(
  "chip_products",
  {
    productItemId: uuid("product_item_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    amount: integer("amount").notNull(),
    price: integer("price").notNull(),
    chipTypeId: integer("chip_type_id").notNull(),
    vatRate: doublePrecision("vat_rate").notNull().default(0),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("chip_products_event_idx").on(t.eventId)],
);

/** Extra products of an event (parking, merchandise, workshops, …) with their inventory. */
export const extraProducts = pgTable(
  "extra_products",
  {
    ticketProductId: uuid("ticket_product_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    productGroupId: uuid("product_group_id").references(() => productGroups.productGroupId),
    name: localized("name").notNull(),
    description: localized("description"),
    price: integer("price").notNull(),
    capacity: integer("capacity").notNull(),
    sold: integer("sold").notNull().default(0),
    maxPerOrder: integer("max_per_order").notNull().default(10),
    itemTypeId: integer("item_type_id").notNull(),
    productCategoryId: integer("product_category_id"),
    displayOrder: integer("display_order").notNull().default(0),
    image: image("image"),
    chips: jsonb("chips").$type<{ productItemId: string; amount: number }[]>().notNull().default([]),
    vatRate: doublePrecision("vat_rate").notNull().default(21),
  },
  (t) => [
    index("extra_products_event_idx").on(t.eventId),
    index("extra_products_group_idx").on(t.productGroupId),
  ],
);

/** Variants of extra products (e.g. size). */
export const variants = pgTable(
  "variants",
  {
    variantId: uuid("variant_id").primaryKey(),
    ticketProductId: uuid("ticket_product_id")
      .notNull()
      .references(() => extraProducts.ticketProductId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("variants_product_idx").on(t.ticketProductId)],
);

/** Values of variants (e.g. L), with an optional own capacity. */
export const variantValues = pgTable(
  "variant_values",
  {
    variantValueId: uuid("variant_value_id").primaryKey(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => variants.variantId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    priceDelta: integer("price_delta").notNull().default(0),
    capacity: integer("capacity"),
    sold: integer("sold").notNull().default(0),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("variant_values_variant_idx").on(t.variantId)],
);

const discountColumns = () => ({
  code: text("code").notNull(),
  kind: text("kind").$type<"percent" | "fixed">().notNull(),
  value: integer("value").notNull(),
  ticketTypeIds: uuid("ticket_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
  ticketProductIds: uuid("ticket_product_ids").array().notNull().default(sql`'{}'::uuid[]`),
  validFrom: ts("valid_from"),
  validTo: ts("valid_to"),
  maxUses: integer("max_uses"),
  uses: integer("uses").notNull().default(0),
});

/** Coupons of one event. */
export const coupons = pgTable(
  "coupons",
  {
    couponId: uuid("coupon_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    ...discountColumns(),
  },
  (t) => [uniqueIndex("coupons_code_idx").on(t.eventId, t.code)],
);

/** Discount codes of an organizer. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    discountCodeId: uuid("discount_code_id").primaryKey(),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => organizers.organizerId, { onDelete: "cascade" }),
    eventIds: uuid("event_ids").array().notNull().default(sql`'{}'::uuid[]`),
    ...discountColumns(),
  },
  (t) => [uniqueIndex("discount_codes_code_idx").on(t.organizerId, t.code)],
);

/** Supercoupons: prepaid codes worth a number of tickets. */
export const supercoupons = pgTable(
  "supercoupons",
  {
    supercouponId: uuid("supercoupon_id").primaryKey(),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => organizers.organizerId, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    eventIds: uuid("event_ids").array().notNull().default(sql`'{}'::uuid[]`),
    ticketTypeIds: uuid("ticket_type_ids").array().notNull().default(sql`'{}'::uuid[]`),
    maxTickets: integer("max_tickets").notNull(),
    usedTickets: integer("used_tickets").notNull().default(0),
    validTo: ts("valid_to"),
  },
  (t) => [index("supercoupons_organizer_idx").on(t.organizerId)],
);

/** Stages of events. */
export const stages = pgTable(
  "stages",
  {
    stageId: uuid("stage_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("stages_event_idx").on(t.eventId)],
);

/** Program entries: who plays where and when, and what is sold for it. */
export const programEntries = pgTable(
  "program_entries",
  {
    entryId: uuid("entry_id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.eventId, { onDelete: "cascade" }),
    stageId: uuid("stage_id")
      .notNull()
      .references(() => stages.stageId, { onDelete: "cascade" }),
    name: localized("name").notNull(),
    description: localized("description"),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    bandIds: uuid("band_ids").array().notNull().default(sql`'{}'::uuid[]`),
    performerIds: uuid("performer_ids").array().notNull().default(sql`'{}'::uuid[]`),
    ticketProductIds: uuid("ticket_product_ids").array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [index("program_entries_event_idx").on(t.eventId), index("program_entries_stage_idx").on(t.stageId)],
);

// ---------------------------------------------------------------------------------------------------------
// Sales: holds, orders, payments, issued tickets. These tables are not part of the catalog: re-importing
// the catalog keeps them (and recounts `sold` from them).

/** Holds on inventory: a hold counts against capacity while `status = 'active'` and `expires_at > now`. */
export const reservations = pgTable(
  "reservations",
  {
    reservationId: uuid("reservation_id").primaryKey(),
    eventId: uuid("event_id").notNull(),
    status: text("status").$type<"active" | "released" | "ordered">().notNull(),
    /** Who asked for the hold (a keyed hash of the client's address), for the cap on places per client. */
    clientKey: text("client_key"),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("reservations_event_idx").on(t.eventId, t.status),
    index("reservations_client_idx").on(t.clientKey, t.eventId, t.status),
  ],
);

/** What a hold holds: a count of one ticket type (in a standing sector for `reservation.crowd`). */
export const reservationItems = pgTable(
  "reservation_items",
  {
    reservationId: uuid("reservation_id")
      .notNull()
      .references(() => reservations.reservationId, { onDelete: "cascade" }),
    ticketTypeId: uuid("ticket_type_id").notNull(),
    sectorId: uuid("sector_id"),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.ticketTypeId] }),
    index("reservation_items_type_idx").on(t.ticketTypeId),
  ],
);

/**
 * Seats claimed for an event: one row per (event, seat) that a hold or an order has, so the primary key itself
 * makes a double claim impossible. A hold's row (`reservation_id`, no `order_id`) lives while its hold is
 * active and unexpired; an order's row (`order_id`) lives while the order is created, pending payment or
 * paid. A row that no longer lives is stale and is cleared by the next claim of the seat (services/seat-claims.ts).
 */
export const seatClaims = pgTable(
  "seat_claims",
  {
    eventId: uuid("event_id").notNull(),
    seatId: uuid("seat_id").notNull(),
    sectorId: uuid("sector_id").notNull(),
    ticketTypeId: uuid("ticket_type_id").notNull(),
    reservationId: uuid("reservation_id"),
    orderId: uuid("order_id"),
    claimedAt: ts("claimed_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.seatId] }),
    index("seat_claims_reservation_idx").on(t.reservationId),
    index("seat_claims_order_idx").on(t.orderId),
  ],
);

/** A buyer as stored on an order. */
export type StoredBuyer = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  countryId: number;
};

/** A billing address as stored on an order. */
export type StoredBillingInfo = {
  countryId: number;
  city: string;
  address: string;
  postalCode: string;
  companyName?: string | null | undefined;
  vatId?: string | null | undefined;
  companyId?: string | null | undefined;
};

/** A discount as stored on an order. */
export type StoredDiscount = {
  source: "coupon" | "supercoupon" | "discountCode";
  id: string;
  code: string;
  amount: number;
  /** Supercoupons: how many tickets it paid for. */
  tickets?: number;
  /** Coupons and discount codes: their terms when taken (a percentage of each ticket, or an amount per order). */
  kind?: "percent" | "fixed";
  value?: number;
};

/**
 * Orders. `status`: created → pendingPayment → paid | canceled | expired. Units of created and pending
 * orders count in `sold` until the order is paid (they stay) or canceled/expired (they are given back).
 */
export const orders = pgTable(
  "orders",
  {
    orderId: uuid("order_id").primaryKey(),
    orderNumber: integer("order_number").generatedAlwaysAsIdentity({ startWith: 260001 }).notNull().unique(),
    eventId: uuid("event_id").notNull(),
    parentOrderId: uuid("parent_order_id"),
    reservationId: uuid("reservation_id"),
    status: text("status").$type<"created" | "pendingPayment" | "paid" | "canceled" | "expired">().notNull(),
    language: text("language").$type<Locale>().notNull(),
    value: integer("value").notNull(),
    amount: integer("amount").notNull(),
    paidAmount: integer("paid_amount").notNull().default(0),
    feeAmount: integer("fee_amount").notNull().default(0),
    currencyId: integer("currency_id").notNull(),
    paymentMethodId: integer("payment_method_id"),
    accountId: uuid("account_id"),
    buyer: jsonb("buyer").$type<StoredBuyer>().notNull(),
    billingInfo: jsonb("billing_info").$type<StoredBillingInfo>(),
    discounts: jsonb("discounts").$type<StoredDiscount[]>().notNull().default([]),
    returnUrl: text("return_url"),
    trackingConsent: boolean("tracking_consent").notNull().default(false),
    termsVersion: text("terms_version"),
    termsAcceptedAt: ts("terms_accepted_at"),
    createdAt: ts("created_at").notNull(),
    paidAt: ts("paid_at"),
    canceledAt: ts("canceled_at"),
    expiresAt: ts("expires_at"),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("orders_event_idx").on(t.eventId),
    index("orders_open_idx").on(t.status, t.expiresAt),
    index("orders_account_idx").on(t.accountId),
  ],
);

/** Lines of an order, priced and named when the order was made (the catalog may change later). */
export const orderLines = pgTable(
  "order_lines",
  {
    orderLineId: uuid("order_line_id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    kind: text("kind").$type<"ticket" | "product" | "chip">().notNull(),
    ticketTypeId: uuid("ticket_type_id"),
    ticketProductId: uuid("ticket_product_id"),
    variantValueId: uuid("variant_value_id"),
    productItemId: uuid("product_item_id"),
    chipId: text("chip_id"),
    name: localized("name").notNull(),
    variantName: localized("variant_name"),
    groupName: localized("group_name"),
    groupId: uuid("group_id"),
    unitPrice: integer("unit_price").notNull(),
    count: integer("count").notNull(),
    amount: integer("amount").notNull().default(0),
    vatRate: doublePrecision("vat_rate").notNull(),
    itemTypeId: integer("item_type_id"),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId), index("order_lines_type_idx").on(t.ticketTypeId)],
);

/** Payment attempts of an order through a gateway or by bank transfer. */
export const payments = pgTable(
  "payments",
  {
    paymentId: uuid("payment_id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    paymentMethodId: integer("payment_method_id").notNull(),
    status: text("status").$type<"pending" | "approved" | "declined" | "superseded">().notNull(),
    amount: integer("amount").notNull(),
    currencyId: integer("currency_id").notNull(),
    declineReason: text("decline_reason"),
    returnUrl: text("return_url"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("payments_order_idx").on(t.orderId)],
);

/** Callbacks and bank transfers already processed, by their own id: a repeat changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventKey: text("event_key").primaryKey(),
  kind: text("kind").$type<"callback" | "bankTransfer">().notNull(),
  orderId: uuid("order_id"),
  result: text("result").notNull(),
  amount: integer("amount").notNull(),
  variableSymbol: text("variable_symbol"),
  receivedAt: ts("received_at").notNull(),
});

/** Tickets issued for paid orders; one row per ticket, issued once (the order's line and its index). */
export const tickets = pgTable(
  "tickets",
  {
    ticketId: uuid("ticket_id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id").notNull(),
    lineIndex: integer("line_index").notNull(),
    eventId: uuid("event_id").notNull(),
    ticketTypeId: uuid("ticket_type_id").notNull(),
    code: text("code").notNull().unique(),
    qrCode: text("qr_code").notNull().unique(),
    holderName: text("holder_name"),
    status: text("status").$type<"valid" | "used" | "canceled">().notNull(),
    issuedAt: ts("issued_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    uniqueIndex("tickets_line_idx").on(t.orderLineId, t.lineIndex),
    index("tickets_order_idx").on(t.orderId),
  ],
);

/** Vouchers issued for paid orders (chip credit), redeemable by their code. */
export const vouchers = pgTable(
  "vouchers",
  {
    voucherId: uuid("voucher_id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.orderId, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id").notNull().unique(),
    code: text("code").notNull().unique(),
    qrCode: text("qr_code").notNull().unique(),
    kind: text("kind").$type<"chipCredit" | "ticket" | "extra">().notNull(),
    name: localized("name").notNull(),
    amount: integer("amount").notNull(),
    currencyId: integer("currency_id").notNull(),
    validTo: ts("valid_to"),
    redeemedAt: ts("redeemed_at"),
  },
  (t) => [index("vouchers_order_idx").on(t.orderId)],
);

/** Tax receipts of paid orders, written when the order is paid. */
export const receipts = pgTable("receipts", {
  receiptId: uuid("receipt_id").primaryKey(),
  receiptNumber: text("receipt_number").notNull().unique(),
  orderId: uuid("order_id")
    .notNull()
    .unique()
    .references(() => orders.orderId, { onDelete: "cascade" }),
  issuedAt: ts("issued_at").notNull(),
  currencyId: integer("currency_id").notNull(),
  total: integer("total").notNull(),
});

/** Cashless NFC chips of events, with their credit; `code` is printed on the wristband. */
export const chips = pgTable("chips", {
  chipId: text("chip_id").primaryKey(),
  code: text("code").notNull().unique(),
  eventId: uuid("event_id").notNull(),
  chipTypeId: integer("chip_type_id").notNull(),
  balance: integer("balance").notNull().default(0),
  currencyId: integer("currency_id").notNull(),
  label: text("label"),
  ticketId: uuid("ticket_id"),
  accountId: uuid("account_id"),
  updatedAt: ts("updated_at").notNull(),
});

/**
 * Idempotency keys of calls that create orders, holds or payments: the first request with a key stores a
 * hash of its body and, once done, its answer. A concurrent duplicate waits on the key's row and then
 * answers the same. Keys are kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    callId: text("call_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.key] }),
    // The sweeper finds keys older than 24 hours by their age.
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * Rate-limit counters shared by every process of the service on one PostgreSQL server (rate-limiter-flexible's
 * Drizzle store: points used by a key until `expire`).
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: ts("expire"),
});

/** Billing data of an account (company invoices), as `account.setData` stores it. */
export type StoredAccountBilling = StoredBillingInfo;

/**
 * Accounts. `email` is stored trimmed and lowercased (one account per address); `passwordHash` is an
 * argon2id PHC string, null for an account created without a password (it sets one from an e-mailed code).
 */
export const accounts = pgTable("accounts", {
  accountId: uuid("account_id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone"),
  language: text("language").$type<Locale>().notNull(),
  billingInfo: jsonb("billing_info").$type<StoredAccountBilling>(),
  emailVerifiedAt: ts("email_verified_at"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/**
 * Bearer tokens of accounts, stored as the SHA-256 of the token (the token itself is never stored). A token
 * is valid until `expiresAt` unless revoked (logout, password change).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.accountId, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("account_tokens_account_idx").on(t.accountId)],
);

/**
 * One-time access codes e-mailed to an account (verify the e-mail, set a password, log in without one),
 * stored as the SHA-256 of the code; single use, short-lived, and dead after too many wrong tries.
 */
export const accessCodes = pgTable(
  "access_codes",
  {
    codeId: uuid("code_id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.accountId, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"verifyEmail" | "setPassword" | "login">().notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [index("access_codes_account_idx").on(t.accountId, t.purpose)],
);

/** Bands and performers an account marked as favorite. */
export const favorites = pgTable(
  "favorites",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.accountId, { onDelete: "cascade" }),
    kind: text("kind").$type<"band" | "performer">().notNull(),
    targetId: uuid("target_id").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind, t.targetId] }),
    index("favorites_target_idx").on(t.kind, t.targetId),
  ],
);

/**
 * Mail to send, written in the same transaction as what causes it. `data` is what the mail's template needs;
 * the sender renders it in `locale`, delivers it, and retries with backoff until `attempts` runs out.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    mailId: uuid("mail_id").primaryKey(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    locale: text("locale").$type<Locale>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull(),
    sentAt: ts("sent_at"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);

/** The local mailbox: mail delivered without SMTP (no `SMTP_URL`), shown by the mailbox page. */
export const mailbox = pgTable(
  "mailbox",
  {
    messageId: uuid("message_id").primaryKey(),
    mailId: uuid("mail_id").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; contentBase64: string }[]>()
      .notNull()
      .default([]),
    deliveredAt: ts("delivered_at").notNull(),
  },
  (t) => [index("mailbox_recipient_idx").on(t.recipient, t.deliveredAt)],
);
