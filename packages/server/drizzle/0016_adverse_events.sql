CREATE TABLE "adverse_event" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"enrollment_id" text,
	"status" text NOT NULL,
	"fill_out_date" text NOT NULL,
	"event_description" text NOT NULL,
	"sae" boolean NOT NULL,
	"serious_type" text,
	"outcome" text,
	"details" jsonb NOT NULL,
	"sar_form" jsonb,
	"se_form" jsonb,
	"investigator" jsonb,
	"source" jsonb,
	"amendments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"classification_signed_by" text,
	"classification_signed_at" timestamp with time zone,
	"initial_sponsor_signed_by" text,
	"initial_sponsor_signed_at" timestamp with time zone,
	"follow_up_signed_by" text,
	"follow_up_signed_at" timestamp with time zone,
	"final_sponsor_signed_by" text,
	"final_sponsor_signed_at" timestamp with time zone,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"secondary_verified_by" text,
	"secondary_verified_at" timestamp with time zone,
	"removed" boolean DEFAULT false NOT NULL,
	"removed_reason" text,
	"clock_kind" text,
	"clock_started_at" timestamp with time zone,
	"clock_deadline" timestamp with time zone,
	"clock_reminder_at" timestamp with time zone,
	"clock_stopped_at" timestamp with time zone,
	"clock_reminder_sent_at" timestamp with time zone,
	"clock_overdue_sent_at" timestamp with time zone,
	CONSTRAINT "adverse_event_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "ae_signature" (
	"study_id" text NOT NULL,
	"ae_id" text NOT NULL,
	"action" text NOT NULL,
	"signed_by" text NOT NULL,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"meaning" text NOT NULL,
	"comment" text,
	"content_hash" text NOT NULL,
	CONSTRAINT "ae_signature_study_id_ae_id_action_pk" PRIMARY KEY("study_id","ae_id","action")
);
--> statement-breakpoint
CREATE TABLE "ae_study_settings" (
	"study_id" text PRIMARY KEY NOT NULL,
	"safety_contacts" jsonb NOT NULL,
	"sponsor_involvement" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "adverse_event_site_idx" ON "adverse_event" USING btree ("study_id","site_id","created_at");--> statement-breakpoint
CREATE INDEX "adverse_event_subject_idx" ON "adverse_event" USING btree ("study_id","subject_id");--> statement-breakpoint
CREATE INDEX "adverse_event_clock_idx" ON "adverse_event" USING btree ("clock_reminder_at","clock_deadline") WHERE "adverse_event"."clock_stopped_at" is null and "adverse_event"."clock_kind" is not null;--> statement-breakpoint
-- AE signatures are append-only (21 CFR 11.50, 11.70; STANDARDS.md P11-50d): no update, no delete.
CREATE OR REPLACE FUNCTION ae_signature_reject_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ae_signature rows are append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ae_signature_append_only
  BEFORE UPDATE OR DELETE ON "ae_signature"
  FOR EACH ROW EXECUTE FUNCTION ae_signature_reject_change();
