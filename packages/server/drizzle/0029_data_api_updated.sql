CREATE INDEX "adverse_event_study_updated_idx" ON "adverse_event" USING btree ("study_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "enrollment_study_updated_idx" ON "enrollment" USING btree ("study_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "query_study_updated_idx" ON "query" USING btree ("study_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "subject_study_updated_idx" ON "subject" USING btree ("study_id","updated_at","id");