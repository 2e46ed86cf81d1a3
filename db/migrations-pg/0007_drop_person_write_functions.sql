-- The functions of 0006 are unused since PUT/PATCH person is one locked transaction on both engines
-- (decision 0171). Dropped in the release that added them: release 0.1.0's code never called them.
DROP FUNCTION IF EXISTS "person_write_if_unchanged"(integer, text, boolean, text, boolean, jsonb, jsonb);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "person_for_write"(integer, text);
