CREATE TABLE "randomization_blind_break" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"reason" text NOT NULL,
	"meaning" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "randomization_blind_break_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "randomization_allocation" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"process_id" text NOT NULL,
	"enrollment_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"site_id" text NOT NULL,
	"token_id" text,
	"sequence" integer NOT NULL,
	"random_id" text NOT NULL,
	"group_id" text NOT NULL,
	"stratum" text NOT NULL,
	"levels" jsonb NOT NULL,
	"method" text NOT NULL,
	"list_sequence" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allocated_by" text NOT NULL,
	"allocated_by_name" text NOT NULL,
	"allocated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "randomization_allocation_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "randomization_list_entry" (
	"study_id" text NOT NULL,
	"process_id" text NOT NULL,
	"stratum" text NOT NULL,
	"sequence" integer NOT NULL,
	"group_id" text NOT NULL,
	"block" integer,
	"block_size" integer,
	"source" text NOT NULL,
	"enrollment_id" text,
	"allocated_at" timestamp with time zone,
	CONSTRAINT "randomization_list_entry_study_id_process_id_stratum_sequence_pk" PRIMARY KEY("study_id","process_id","stratum","sequence")
);
--> statement-breakpoint
CREATE TABLE "randomization_state" (
	"study_id" text NOT NULL,
	"process_id" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"method" text NOT NULL,
	"config" jsonb NOT NULL,
	"allocations" integer DEFAULT 0 NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "randomization_state_study_id_process_id_pk" PRIMARY KEY("study_id","process_id")
);
--> statement-breakpoint
CREATE INDEX "randomization_blind_break_enrollment_idx" ON "randomization_blind_break" USING btree ("study_id","enrollment_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "randomization_allocation_enrollment_key" ON "randomization_allocation" USING btree ("study_id","enrollment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "randomization_allocation_sequence_key" ON "randomization_allocation" USING btree ("study_id","process_id","sequence");--> statement-breakpoint
CREATE INDEX "randomization_allocation_subject_idx" ON "randomization_allocation" USING btree ("study_id","subject_id");--> statement-breakpoint
CREATE INDEX "randomization_list_entry_free_idx" ON "randomization_list_entry" USING btree ("study_id","process_id","stratum","sequence") WHERE "randomization_list_entry"."enrollment_id" is null;