CREATE TABLE "answer" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"question_id" text NOT NULL,
	"value" jsonb NOT NULL,
	"time_zone" text,
	"is_unavailable" boolean DEFAULT false NOT NULL,
	"is_skipped" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"secondary_verified_at" timestamp with time zone,
	"secondary_verified_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "answer_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "query" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"token_id" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"form_id" text NOT NULL,
	"question_id" text NOT NULL,
	"answer_id" text,
	"status" text NOT NULL,
	"query_text" text NOT NULL,
	"rule_id" text,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "query_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"site_id" text NOT NULL,
	"token_id" text NOT NULL,
	"data_event_id" text NOT NULL,
	"form_id" text NOT NULL,
	"form_major" integer NOT NULL,
	"form_minor" integer NOT NULL,
	"status" text NOT NULL,
	"filled_out_by_type" text NOT NULL,
	"filled_out_by" text,
	"score" numeric,
	"version" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"secondary_verified_at" timestamp with time zone,
	"secondary_verified_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "questionnaire_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "answer_questionnaire_question_key" ON "answer" USING btree ("study_id","questionnaire_id","question_id");--> statement-breakpoint
CREATE INDEX "query_questionnaire_idx" ON "query" USING btree ("study_id","questionnaire_id");--> statement-breakpoint
CREATE INDEX "query_status_idx" ON "query" USING btree ("study_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_token_form_key" ON "questionnaire" USING btree ("study_id","token_id","form_id");--> statement-breakpoint
CREATE INDEX "questionnaire_enrollment_idx" ON "questionnaire" USING btree ("study_id","enrollment_id");--> statement-breakpoint
CREATE INDEX "questionnaire_form_idx" ON "questionnaire" USING btree ("study_id","form_id");