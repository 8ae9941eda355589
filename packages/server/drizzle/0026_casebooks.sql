CREATE TABLE "casebook_job" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"subject_id" text NOT NULL,
	"site_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"access" jsonb NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"file_size" integer,
	"page_count" integer,
	"pdf" "bytea",
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "casebook_job_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE INDEX "casebook_job_subject_idx" ON "casebook_job" USING btree ("study_id","subject_id","requested_by","created_at");--> statement-breakpoint
CREATE INDEX "casebook_job_status_idx" ON "casebook_job" USING btree ("status","created_at");