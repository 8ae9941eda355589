ALTER TABLE "study" ADD COLUMN "amendment_started_by" text;--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "amendment_form_versions" jsonb;