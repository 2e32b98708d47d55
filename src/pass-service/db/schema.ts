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

/** A text in every storefront language. */
export type LocalizedText = { cs: string; en: string; de: string; sk: string };
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
  digest: text("digest").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/** Partners shown on event and tour pages. */
export const orgPartners = pgTable("org_partners", {
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
});

/** Event groups (tours). */
export const eventGroups = pgTable("event_groups", {
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
});

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
export const bands = pgTable("bands", {
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
});

/** Performers (possibly members of bands). */
export const performers = pgTable("performers", {
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
});

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
export const ticketTypeGroups = pgTable("ticket_type_groups", {
  ticketTypeGroupId: uuid("ticket_type_group_id").primaryKey(),
  eventId: uuid("event_id")
    .notNull()
    .references(() => events.eventId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  description: localized("description"),
  displayOrder: integer("display_order").notNull().default(0),
});

/** Seat price categories of an event. */
export const reservationCategories = pgTable("reservation_categories", {
  reservationCategoryId: uuid("reservation_category_id").primaryKey(),
  eventId: uuid("event_id")
    .notNull()
    .references(() => events.eventId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  color: text("color").notNull(),
  ticketTypeId: uuid("ticket_type_id"),
  displayOrder: integer("display_order").notNull().default(0),
});

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
  },
  (t) => [index("ticket_types_event_idx").on(t.eventId)],
);

/** Groups of extra products of an event. */
export const productGroups = pgTable("product_groups", {
  productGroupId: uuid("product_group_id").primaryKey(),
  eventId: uuid("event_id")
    .notNull()
    .references(() => events.eventId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  description: localized("description"),
  image: image("image"),
  displayOrder: integer("display_order").notNull().default(0),
});

/** Chip top-up products of an event. */
export const chipProducts = pgTable("chip_products", {
  productItemId: uuid("product_item_id").primaryKey(),
  eventId: uuid("event_id")
    .notNull()
    .references(() => events.eventId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  description: localized("description"),
  amount: integer("amount").notNull(),
  price: integer("price").notNull(),
  chipTypeId: integer("chip_type_id").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

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
  },
  (t) => [index("extra_products_event_idx").on(t.eventId)],
);

/** Variants of extra products (e.g. size). */
export const variants = pgTable("variants", {
  variantId: uuid("variant_id").primaryKey(),
  ticketProductId: uuid("ticket_product_id")
    .notNull()
    .references(() => extraProducts.ticketProductId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  displayOrder: integer("display_order").notNull().default(0),
});

/** Values of variants (e.g. L), with an optional own capacity. */
export const variantValues = pgTable("variant_values", {
  variantValueId: uuid("variant_value_id").primaryKey(),
  variantId: uuid("variant_id")
    .notNull()
    .references(() => variants.variantId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  priceDelta: integer("price_delta").notNull().default(0),
  capacity: integer("capacity"),
  sold: integer("sold").notNull().default(0),
  displayOrder: integer("display_order").notNull().default(0),
});

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
export const supercoupons = pgTable("supercoupons", {
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
});

/** Stages of events. */
export const stages = pgTable("stages", {
  stageId: uuid("stage_id").primaryKey(),
  eventId: uuid("event_id")
    .notNull()
    .references(() => events.eventId, { onDelete: "cascade" }),
  name: localized("name").notNull(),
  description: localized("description"),
  displayOrder: integer("display_order").notNull().default(0),
});

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
  (t) => [index("program_entries_event_idx").on(t.eventId)],
);
