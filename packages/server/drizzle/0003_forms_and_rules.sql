CREATE TABLE "form_template_version" (
	"study_id" text NOT NULL,
	"form_id" text NOT NULL,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_template_version_study_id_form_id_major_minor_pk" PRIMARY KEY("study_id","form_id","major","minor")
);
--> statement-breakpoint
CREATE TABLE "form_template" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"document" jsonb NOT NULL,
	"version_major" integer DEFAULT 1 NOT NULL,
	"version_minor" integer DEFAULT 0 NOT NULL,
	"is_default_ae_form" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "form_template_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "show_rule" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"process_id" text,
	"data_event_id" text,
	"form_id" text NOT NULL,
	"question_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "show_rule_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "study_image" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "study_image_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "system_form_template" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"document" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_form_template" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "validation_rule" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"process_id" text,
	"data_event_id" text,
	"form_id" text NOT NULL,
	"question_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "validation_rule_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_name_key" ON "form_template" USING btree ("study_id",lower("name")) WHERE "form_template"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_id_key" ON "form_template" USING btree ("id");--> statement-breakpoint
CREATE INDEX "show_rule_form_idx" ON "show_rule" USING btree ("study_id","form_id");--> statement-breakpoint
CREATE INDEX "user_form_template_user_idx" ON "user_form_template" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "validation_rule_form_idx" ON "validation_rule" USING btree ("study_id","form_id");