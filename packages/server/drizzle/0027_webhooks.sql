CREATE TABLE "webhook_attempt" (
	"id" text PRIMARY KEY NOT NULL,
	"study_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"message_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoint" (
	"id" text PRIMARY KEY NOT NULL,
	"study_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"secret" text NOT NULL,
	"status" text NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"secret_rotated_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_message" (
	"id" text PRIMARY KEY NOT NULL,
	"study_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "webhook_attempt_endpoint_idx" ON "webhook_attempt" USING btree ("endpoint_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoint_study_idx" ON "webhook_endpoint" USING btree ("study_id","status");--> statement-breakpoint
CREATE INDEX "webhook_message_due_idx" ON "webhook_message" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_message_endpoint_idx" ON "webhook_message" USING btree ("endpoint_id","created_at");