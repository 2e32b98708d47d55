ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "terms_of_sale" jsonb;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "privacy_notice" jsonb;