ALTER TABLE "query" ADD COLUMN "data_event_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "query_notifications" text DEFAULT 'IMMEDIATE' NOT NULL;--> statement-breakpoint
CREATE INDEX "query_site_status_created_idx" ON "query" USING btree ("study_id","site_id","status","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "query_created_idx" ON "query" USING btree ("study_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "query_question_idx" ON "query" USING btree ("study_id","form_id","question_id");--> statement-breakpoint
UPDATE "query" SET "data_event_id" = "token"."data_event_id" FROM "token" WHERE "token"."study_id" = "query"."study_id" AND "token"."id" = "query"."token_id" AND "query"."data_event_id" = '';
