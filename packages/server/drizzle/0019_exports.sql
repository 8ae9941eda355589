CREATE TABLE "export_chunk" (
	"study_id" text NOT NULL,
	"export_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "export_chunk_study_id_export_id_seq_pk" PRIMARY KEY("study_id","export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "export_job" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text NOT NULL,
	"request" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"language" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"file_size" integer,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "export_job_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE INDEX "export_job_requester_idx" ON "export_job" USING btree ("study_id","requested_by","created_at");--> statement-breakpoint
CREATE INDEX "export_job_status_idx" ON "export_job" USING btree ("status","created_at");