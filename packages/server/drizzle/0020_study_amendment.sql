ALTER TABLE "study" ADD COLUMN "amendment_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "amendment_blocking" boolean;--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "amendment_scheduled_at" timestamp with time zone;