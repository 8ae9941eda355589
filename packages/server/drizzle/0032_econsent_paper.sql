CREATE TABLE "econsent_paper" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"token_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"site_id" text NOT NULL,
	"data_event_id" text NOT NULL,
	"signed_date" text NOT NULL,
	"witness" text NOT NULL,
	"reason" text NOT NULL,
	"recorded_by" jsonb NOT NULL,
	"scan_file_name" text,
	"scan_sha256" text,
	"scan_pdf" "bytea",
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "econsent_paper_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "econsent_paper_token_key" ON "econsent_paper" USING btree ("study_id","token_id");--> statement-breakpoint
CREATE INDEX "econsent_paper_subject_idx" ON "econsent_paper" USING btree ("study_id","subject_id");