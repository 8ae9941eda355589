CREATE TABLE "removed_item" (
	"study_id" text NOT NULL,
	"type" text NOT NULL,
	"item_id" text NOT NULL,
	"site_id" text,
	"subject_id" text,
	"label" text NOT NULL,
	"removed_by" text NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "removed_item_study_id_type_item_id_pk" PRIMARY KEY("study_id","type","item_id")
);
--> statement-breakpoint
ALTER TABLE "token" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "removed_item_study_removed_idx" ON "removed_item" USING btree ("study_id","removed_at");