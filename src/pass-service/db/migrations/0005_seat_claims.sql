CREATE TABLE "seat_claims" (
	"event_id" uuid NOT NULL,
	"seat_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"reservation_id" uuid,
	"order_id" uuid,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seat_claims_event_id_seat_id_pk" PRIMARY KEY("event_id","seat_id")
);
--> statement-breakpoint
CREATE INDEX "seat_claims_reservation_idx" ON "seat_claims" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "seat_claims_order_idx" ON "seat_claims" USING btree ("order_id");