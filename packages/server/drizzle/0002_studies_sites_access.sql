CREATE TABLE "api_key" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"view_identifiable" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_key_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "enterprise_code" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"modules" jsonb NOT NULL,
	"plan_id" text,
	"redeemed_by_study_id" text,
	"redeemed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"study_id" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_booking" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"colour" text NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_booking_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "site" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"site_number" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"address" text,
	"contact_email" text,
	"contact_phone" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "study" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text NOT NULL,
	"status_before_delete" text,
	"primary_language" text NOT NULL,
	"languages" jsonb NOT NULL,
	"date_format" text NOT NULL,
	"date_time_format" text NOT NULL,
	"subject_id_automation" text NOT NULL,
	"extended_validation" boolean DEFAULT false NOT NULL,
	"verification_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_id" text,
	"enterprise_code" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"delete_requested_at" timestamp with time zone,
	"delete_due_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_access" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"site_ids" jsonb NOT NULL,
	"extra_permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "study_access_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subject_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"plan_class" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"price" jsonb NOT NULL,
	"modules" jsonb NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_table_settings" (
	"user_id" text NOT NULL,
	"study_id" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_table_settings_user_id_study_id_pk" PRIMARY KEY("user_id","study_id")
);
--> statement-breakpoint
CREATE TABLE "user_token" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "organisation" text;--> statement-breakpoint
CREATE INDEX "api_key_hash_idx" ON "api_key" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "site_booking_site_idx" ON "site_booking" USING btree ("study_id","site_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_study_name_key" ON "site" USING btree ("study_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "site_study_number_key" ON "site" USING btree ("study_id","site_number");--> statement-breakpoint
CREATE UNIQUE INDEX "site_id_key" ON "site" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_name_live_key" ON "study" USING btree (lower("name")) WHERE "study"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "study_status_idx" ON "study" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "study_access_email_key" ON "study_access" USING btree ("study_id","email") WHERE "study_access"."status" <> 'REVOKED';--> statement-breakpoint
CREATE INDEX "study_access_user_idx" ON "study_access" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_study_patient_id_key" ON "subject" USING btree ("study_id","patient_id");--> statement-breakpoint
CREATE INDEX "subject_site_idx" ON "subject" USING btree ("study_id","site_id");--> statement-breakpoint
CREATE INDEX "user_token_user_idx" ON "user_token" USING btree ("user_id","purpose");