CREATE TABLE "one_time_password" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"purpose" text NOT NULL,
	"subject_ref" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "one_time_password_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "participant_session" (
	"id" text PRIMARY KEY NOT NULL,
	"study_id" text NOT NULL,
	"token_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "one_time_password_ref_idx" ON "one_time_password" USING btree ("study_id","purpose","subject_ref");--> statement-breakpoint
CREATE INDEX "participant_session_token_idx" ON "participant_session" USING btree ("study_id","token_id");