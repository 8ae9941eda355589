CREATE TABLE "public_submission" (
	"study_id" text NOT NULL,
	"id" text NOT NULL,
	"token_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"questionnaire_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "public_submission_study_id_id_pk" PRIMARY KEY("study_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "public_submission_key_idx" ON "public_submission" USING btree ("study_id","token_id","idempotency_key");--> statement-breakpoint
-- Issue 14 item 4 (hand-written): the submit keys kept until now in questionnaire.details.publicSubmissions
-- ({ key: { fingerprint, at, result } }) move into their own table; the first row of a key per link wins.
INSERT INTO "public_submission" ("study_id", "id", "token_id", "idempotency_key", "questionnaire_id", "fingerprint", "result", "created_at")
SELECT q."study_id", md5(q."id" || ':' || s.key), q."token_id", s.key, q."id", s.value->>'fingerprint', s.value->'result',
       coalesce((s.value->>'at')::timestamptz, q."updated_at")
FROM "questionnaire" q, jsonb_each(q."details"->'publicSubmissions') s
WHERE jsonb_typeof(q."details"->'publicSubmissions') = 'object'
  AND jsonb_typeof(s.value) = 'object'
  AND s.value->>'fingerprint' IS NOT NULL
  AND jsonb_typeof(s.value->'result') = 'object'
ORDER BY coalesce((s.value->>'at')::timestamptz, q."updated_at")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "questionnaire" SET "details" = "details" - 'publicSubmissions'
WHERE jsonb_typeof("details"->'publicSubmissions') IS NOT NULL;
