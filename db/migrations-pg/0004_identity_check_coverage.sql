ALTER TABLE "person" ADD COLUMN "identity_changed_at" text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "sumsub_check_id" text;--> statement-breakpoint
ALTER TABLE "person" ADD COLUMN "sumsub_check_started_at" text;