CREATE TABLE "enrollment" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"process_id" text NOT NULL,
	"status" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"form_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "enrollment_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "process_data_event" (
	"study_id" text NOT NULL,
	"data_event_id" text NOT NULL,
	"process_id" text NOT NULL,
	CONSTRAINT "process_data_event_study_id_data_event_id_pk" PRIMARY KEY("study_id","data_event_id")
);
--> statement-breakpoint
CREATE TABLE "process" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"recruitment" boolean DEFAULT false NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "process_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "token_notification" (
	"study_id" text NOT NULL,
	"token_id" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"outbox_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_notification_study_id_token_id_kind_pk" PRIMARY KEY("study_id","token_id","kind")
);
--> statement-breakpoint
CREATE TABLE "token" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"token" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"process_id" text NOT NULL,
	"data_event_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"missing_data" boolean DEFAULT false NOT NULL,
	"activation_time" timestamp with time zone,
	"expiry_time" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"completed_time" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
ALTER TABLE "study" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
CREATE INDEX "enrollment_subject_idx" ON "enrollment" USING btree ("study_id","subject_id");--> statement-breakpoint
CREATE INDEX "enrollment_process_idx" ON "enrollment" USING btree ("study_id","process_id");--> statement-breakpoint
CREATE INDEX "enrollment_site_idx" ON "enrollment" USING btree ("study_id","site_id");--> statement-breakpoint
CREATE INDEX "process_data_event_process_idx" ON "process_data_event" USING btree ("study_id","process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "process_name_live_key" ON "process" USING btree ("study_id",lower("name")) WHERE "process"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "token_notification_due_idx" ON "token_notification" USING btree ("sent_at","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "token_token_key" ON "token" USING btree ("token");--> statement-breakpoint
CREATE INDEX "token_enrollment_idx" ON "token" USING btree ("study_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "token_activation_due_idx" ON "token" USING btree ("status","activation_time");--> statement-breakpoint
CREATE INDEX "token_expiry_due_idx" ON "token" USING btree ("status","expiry_time");