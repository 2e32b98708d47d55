CREATE TABLE "chips" (
	"chip_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"event_id" uuid NOT NULL,
	"chip_type_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"currency_id" integer NOT NULL,
	"label" text,
	"ticket_id" uuid,
	"account_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chips_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"call_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_call_id_key_pk" PRIMARY KEY("call_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_line_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ticket_type_id" uuid,
	"ticket_product_id" uuid,
	"variant_value_id" uuid,
	"product_item_id" uuid,
	"chip_id" text,
	"name" jsonb NOT NULL,
	"variant_name" jsonb,
	"group_name" jsonb,
	"group_id" uuid,
	"unit_price" integer NOT NULL,
	"count" integer NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"vat_rate" double precision NOT NULL,
	"item_type_id" integer,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"order_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 260001 CACHE 1),
	"event_id" uuid NOT NULL,
	"parent_order_id" uuid,
	"reservation_id" uuid,
	"status" text NOT NULL,
	"language" text NOT NULL,
	"value" integer NOT NULL,
	"amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"fee_amount" integer DEFAULT 0 NOT NULL,
	"currency_id" integer NOT NULL,
	"payment_method_id" integer,
	"account_id" uuid,
	"buyer" jsonb NOT NULL,
	"billing_info" jsonb,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_url" text,
	"tracking_consent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"result" text NOT NULL,
	"amount" integer NOT NULL,
	"variable_symbol" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_method_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"decline_reason" text,
	"return_url" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"receipt_id" uuid PRIMARY KEY NOT NULL,
	"receipt_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"currency_id" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "receipts_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "receipts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "reservation_items" (
	"reservation_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"sector_id" uuid,
	"count" integer NOT NULL,
	CONSTRAINT "reservation_items_reservation_id_ticket_type_id_pk" PRIMARY KEY("reservation_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"reservation_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"line_index" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"code" text NOT NULL,
	"qr_code" text NOT NULL,
	"holder_name" text,
	"status" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "tickets_code_unique" UNIQUE("code"),
	CONSTRAINT "tickets_qr_code_unique" UNIQUE("qr_code")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"voucher_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"code" text NOT NULL,
	"qr_code" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"valid_to" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "vouchers_order_line_id_unique" UNIQUE("order_line_id"),
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_qr_code_unique" UNIQUE("qr_code")
);
--> statement-breakpoint
ALTER TABLE "chip_products" ADD COLUMN "vat_rate" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_products" ADD COLUMN "vat_rate" double precision DEFAULT 21 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "vat_rate" double precision DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_items" ADD CONSTRAINT "reservation_items_reservation_id_reservations_reservation_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("reservation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_type_idx" ON "order_lines" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "orders_event_idx" ON "orders" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "reservation_items_type_idx" ON "reservation_items" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "reservations_event_idx" ON "reservations" USING btree ("event_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_line_idx" ON "tickets" USING btree ("order_line_id","line_index");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");