ALTER TABLE "site" ADD COLUMN "enrolment_target" integer;--> statement-breakpoint
-- A target kept in the site's settings before this column existed moves into it (whole numbers from 1 only).
UPDATE "site" SET "enrolment_target" = ("settings"->>'enrolmentTarget')::numeric::integer
  WHERE jsonb_typeof("settings"->'enrolmentTarget') = 'number'
    AND ("settings"->>'enrolmentTarget')::numeric >= 1
    AND ("settings"->>'enrolmentTarget')::numeric <= 1000000
    AND ("settings"->>'enrolmentTarget')::numeric = trunc(("settings"->>'enrolmentTarget')::numeric);--> statement-breakpoint
UPDATE "site" SET "settings" = "settings" - 'enrolmentTarget' WHERE "settings"->'enrolmentTarget' IS NOT NULL;
