CREATE TABLE "file_vault_document" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"folder_id" text NOT NULL,
	"title" text NOT NULL,
	"site_ids" jsonb,
	"roles" jsonb,
	"current_version" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"removed_reason" text,
	CONSTRAINT "file_vault_document_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_vault_folder" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "file_vault_folder_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_vault_secret" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_vault_version" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"document_id" text NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"comment" text,
	"data" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "file_vault_version_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE INDEX "file_vault_document_folder_idx" ON "file_vault_document" USING btree ("study_id","folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_vault_folder_name_key" ON "file_vault_folder" USING btree ("study_id",lower("name")) WHERE "file_vault_folder"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "file_vault_version_key" ON "file_vault_version" USING btree ("study_id","document_id","version");