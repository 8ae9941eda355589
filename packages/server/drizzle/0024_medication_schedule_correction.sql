ALTER TABLE "medication_accounting" ADD COLUMN "corrected_by_id" text;--> statement-breakpoint
ALTER TABLE "medication_accounting" ADD COLUMN "corrects_id" text;--> statement-breakpoint
ALTER TABLE "medication_accounting" ADD COLUMN "correction_reason" text;--> statement-breakpoint
ALTER TABLE "medication" ADD COLUMN "schedule_package" text;--> statement-breakpoint
ALTER TABLE "medication" ADD COLUMN "schedule_units_per_day" double precision;