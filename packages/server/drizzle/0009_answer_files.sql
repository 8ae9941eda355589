CREATE TABLE "answer_file" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"token_id" text NOT NULL,
	"form_id" text,
	"question_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by_type" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "answer_file_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE INDEX "answer_file_token_idx" ON "answer_file" USING btree ("study_id","token_id");