CREATE TABLE "medication_accounting" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"accounting_type" text NOT NULL,
	"package" text NOT NULL,
	"quantity" integer NOT NULL,
	"batch_number" text,
	"date" text NOT NULL,
	"comment" text,
	"removed" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "medication_accounting_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE TABLE "medication" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"site_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"registration_type" text NOT NULL,
	"name" text NOT NULL,
	"indication" text,
	"dose" double precision,
	"dose_unit" text,
	"dose_unit_other" text,
	"route" text,
	"route_other" text,
	"frequency" text,
	"frequency_other" text,
	"start_date" text,
	"end_date" text,
	"ongoing" boolean NOT NULL,
	"ae_id" text,
	"comment" text,
	"removed" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"verified_by" text,
	"verified_at" timestamp with time zone,
	"secondary_verified_by" text,
	"secondary_verified_at" timestamp with time zone,
	CONSTRAINT "medication_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE INDEX "medication_accounting_subject_idx" ON "medication_accounting" USING btree ("study_id","subject_id","date");--> statement-breakpoint
CREATE INDEX "medication_accounting_site_idx" ON "medication_accounting" USING btree ("study_id","site_id");--> statement-breakpoint
CREATE INDEX "medication_subject_idx" ON "medication" USING btree ("study_id","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "medication_site_idx" ON "medication" USING btree ("study_id","site_id");