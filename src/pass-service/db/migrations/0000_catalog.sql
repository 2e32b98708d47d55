CREATE TABLE "bands" (
	"band_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"genre" jsonb,
	"description" jsonb,
	"image" jsonb,
	"country_id" integer,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gallery_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "chip_products" (
	"product_item_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"amount" integer NOT NULL,
	"price" integer NOT NULL,
	"chip_type_id" integer NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ticket_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"discount_code_id" uuid PRIMARY KEY NOT NULL,
	"organizer_id" uuid NOT NULL,
	"event_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ticket_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_bands" (
	"event_id" uuid NOT NULL,
	"band_id" uuid NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_bands_event_id_band_id_pk" PRIMARY KEY("event_id","band_id")
);
--> statement-breakpoint
CREATE TABLE "event_group_events" (
	"event_group_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	CONSTRAINT "event_group_events_event_group_id_event_id_pk" PRIMARY KEY("event_group_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "event_groups" (
	"event_group_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"organizer_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"poster" jsonb,
	"visible" boolean DEFAULT true NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "event_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "event_payment_methods" (
	"event_id" uuid NOT NULL,
	"payment_method_id" integer NOT NULL,
	"fee_amount" integer,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_payment_methods_event_id_payment_method_id_pk" PRIMARY KEY("event_id","payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "event_performers" (
	"event_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_performers_event_id_performer_id_pk" PRIMARY KEY("event_id","performer_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"organizer_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"venue_id" uuid,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"doors_at" timestamp with time zone,
	"timezone" text NOT NULL,
	"event_type_id" integer NOT NULL,
	"event_kind_id" integer NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"event_size_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"popular" boolean DEFAULT false NOT NULL,
	"our_selection" boolean DEFAULT false NOT NULL,
	"special" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"poster" jsonb,
	"gallery_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"chip_credit_limit" jsonb,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_products" (
	"ticket_product_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"product_group_id" uuid,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"price" integer NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"item_type_id" integer NOT NULL,
	"product_category_id" integer,
	"display_order" integer DEFAULT 0 NOT NULL,
	"image" jsonb,
	"chips" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"gallery_id" uuid PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"gallery_id" uuid NOT NULL,
	"image" jsonb NOT NULL,
	"caption" jsonb,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea",
	"recipe" jsonb,
	"etag" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_partners" (
	"org_partner_id" uuid PRIMARY KEY NOT NULL,
	"organizer_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"logo" jsonb,
	"url" text,
	"event_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"event_group_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizers" (
	"organizer_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"logo" jsonb,
	"web" text,
	"email" text,
	"phone" text,
	"country_id" integer NOT NULL,
	"address" jsonb,
	"bank_account" jsonb,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organizers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "performers" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"genre" jsonb,
	"role" jsonb,
	"description" jsonb,
	"image" jsonb,
	"country_id" integer,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gallery_id" uuid,
	"band_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "performers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"product_group_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"image" jsonb,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_entries" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"band_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"performer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ticket_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_categories" (
	"reservation_category_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"color" text NOT NULL,
	"ticket_type_id" uuid,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"seat_id" uuid PRIMARY KEY NOT NULL,
	"sector_id" uuid NOT NULL,
	"row" text NOT NULL,
	"number" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sectors" (
	"sector_id" uuid PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer,
	"display_order" integer DEFAULT 0 NOT NULL,
	"layout" jsonb
);
--> statement-breakpoint
CREATE TABLE "service_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"stage_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supercoupons" (
	"supercoupon_id" uuid PRIMARY KEY NOT NULL,
	"organizer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"event_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ticket_type_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"max_tickets" integer NOT NULL,
	"used_tickets" integer DEFAULT 0 NOT NULL,
	"valid_to" timestamp with time zone,
	CONSTRAINT "supercoupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "ticket_type_groups" (
	"ticket_type_group_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"ticket_type_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_group_id" uuid,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"price" integer NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"item_type_id" integer DEFAULT 1 NOT NULL,
	"sector_id" uuid,
	"reservation_category_id" uuid,
	"sales_from" timestamp with time zone,
	"sales_to" timestamp with time zone,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_values" (
	"variant_value_id" uuid PRIMARY KEY NOT NULL,
	"variant_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"capacity" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"variant_id" uuid PRIMARY KEY NOT NULL,
	"ticket_product_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"venue_type_id" integer NOT NULL,
	"address" jsonb NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"description" jsonb,
	"image" jsonb
);
--> statement-breakpoint
ALTER TABLE "bands" ADD CONSTRAINT "bands_gallery_id_galleries_gallery_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("gallery_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chip_products" ADD CONSTRAINT "chip_products_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_organizer_id_organizers_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("organizer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bands" ADD CONSTRAINT "event_bands_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bands" ADD CONSTRAINT "event_bands_band_id_bands_band_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("band_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_group_events" ADD CONSTRAINT "event_group_events_event_group_id_event_groups_event_group_id_fk" FOREIGN KEY ("event_group_id") REFERENCES "public"."event_groups"("event_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_group_events" ADD CONSTRAINT "event_group_events_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_groups" ADD CONSTRAINT "event_groups_organizer_id_organizers_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("organizer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_payment_methods" ADD CONSTRAINT "event_payment_methods_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_performers" ADD CONSTRAINT "event_performers_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_performers" ADD CONSTRAINT "event_performers_performer_id_performers_performer_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("performer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organizer_id_organizers_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("organizer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_venues_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("venue_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_products" ADD CONSTRAINT "extra_products_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_products" ADD CONSTRAINT "extra_products_product_group_id_product_groups_product_group_id_fk" FOREIGN KEY ("product_group_id") REFERENCES "public"."product_groups"("product_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_gallery_id_galleries_gallery_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("gallery_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_partners" ADD CONSTRAINT "org_partners_organizer_id_organizers_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("organizer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_gallery_id_galleries_gallery_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("gallery_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_entries" ADD CONSTRAINT "program_entries_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_entries" ADD CONSTRAINT "program_entries_stage_id_stages_stage_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("stage_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_categories" ADD CONSTRAINT "reservation_categories_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_sector_id_sectors_sector_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("sector_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sectors" ADD CONSTRAINT "sectors_venue_id_venues_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("venue_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stages" ADD CONSTRAINT "stages_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supercoupons" ADD CONSTRAINT "supercoupons_organizer_id_organizers_organizer_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("organizer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_groups" ADD CONSTRAINT "ticket_type_groups_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_ticket_type_group_id_ticket_type_groups_ticket_type_group_id_fk" FOREIGN KEY ("ticket_type_group_id") REFERENCES "public"."ticket_type_groups"("ticket_type_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_sector_id_sectors_sector_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("sector_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_values" ADD CONSTRAINT "variant_values_variant_id_variants_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("variant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_ticket_product_id_extra_products_ticket_product_id_fk" FOREIGN KEY ("ticket_product_id") REFERENCES "public"."extra_products"("ticket_product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree ("event_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("organizer_id","code");--> statement-breakpoint
CREATE INDEX "event_bands_band_idx" ON "event_bands" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "ege_event_idx" ON "event_group_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_performers_performer_idx" ON "event_performers" USING btree ("performer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_idx" ON "events" USING btree ("organizer_id","slug");--> statement-breakpoint
CREATE INDEX "events_starts_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "extra_products_event_idx" ON "extra_products" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "gallery_images_gallery_idx" ON "gallery_images" USING btree ("gallery_id");--> statement-breakpoint
CREATE INDEX "program_entries_event_idx" ON "program_entries" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_place_idx" ON "seats" USING btree ("sector_id","row","number");--> statement-breakpoint
CREATE INDEX "sectors_venue_idx" ON "sectors" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "ticket_types_event_idx" ON "ticket_types" USING btree ("event_id");