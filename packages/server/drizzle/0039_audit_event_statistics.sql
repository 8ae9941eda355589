-- Issue 16: ANALYZE of audit_event (the upkeep job after bulk writes and every minute, autovacuum on
-- PostgreSQL) sampled and sorted the recorded JSON of 30,000 events to build statistics no statement
-- uses: nothing compares a whole before/after, prev_hash or reason (the JSON is read through
-- expressions, whose estimates never came from these). At 100,000 events of 30 answers each it took
-- 558-646 ms on PostgreSQL and 803-837 ms on PGlite, holding PGlite's one connection; without these
-- columns' statistics 214-246 and 260-268 ms.
ALTER TABLE "audit_event" ALTER COLUMN "before" SET STATISTICS 0, ALTER COLUMN "after" SET STATISTICS 0, ALTER COLUMN "prev_hash" SET STATISTICS 0, ALTER COLUMN "reason" SET STATISTICS 0;
