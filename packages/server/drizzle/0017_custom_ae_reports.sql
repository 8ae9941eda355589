CREATE TABLE "custom_ae_report" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"token_id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"form_id" text NOT NULL,
	"form_version_major" integer NOT NULL,
	"form_version_minor" integer NOT NULL,
	"sae" boolean DEFAULT false NOT NULL,
	"answers" jsonb NOT NULL,
	"signed" jsonb NOT NULL,
	"signatures" jsonb NOT NULL,
	"amendments" jsonb NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "custom_ae_report_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_ae_report_token_idx" ON "custom_ae_report" USING btree ("study_id","token_id");--> statement-breakpoint
CREATE INDEX "custom_ae_report_site_idx" ON "custom_ae_report" USING btree ("study_id","site_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_ae_report_form_idx" ON "custom_ae_report" USING btree ("study_id","form_id");