CREATE TABLE "econsent_file" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"process_id" text NOT NULL,
	"data_event_id" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "econsent_file_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "econsent_signature" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"token_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"site_id" text NOT NULL,
	"data_event_id" text NOT NULL,
	"file_id" text NOT NULL,
	"file_version" integer NOT NULL,
	"language" text NOT NULL,
	"original_sha256" text NOT NULL,
	"participant" jsonb NOT NULL,
	"identity" jsonb NOT NULL,
	"signature_image" "bytea" NOT NULL,
	"clauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"investigator" jsonb,
	"signed_file_name" text NOT NULL,
	"participant_pdf" "bytea" NOT NULL,
	"participant_pdf_sha256" text NOT NULL,
	"signed_pdf" "bytea" NOT NULL,
	"signed_pdf_sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "econsent_signature_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "econsent_signing_key" (
	"id" text PRIMARY KEY NOT NULL,
	"p12" "bytea" NOT NULL,
	"passphrase" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "econsent_file_version_key" ON "econsent_file" USING btree ("study_id","data_event_id","language","version");--> statement-breakpoint
CREATE UNIQUE INDEX "econsent_signature_token_key" ON "econsent_signature" USING btree ("study_id","token_id");--> statement-breakpoint
CREATE INDEX "econsent_signature_subject_idx" ON "econsent_signature" USING btree ("study_id","subject_id");