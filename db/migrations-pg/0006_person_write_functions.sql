-- PUT/PATCH person on PostgreSQL (decision 0171): the read of what its rules need and the versioned
-- write with its audit row, as functions whose statement plans the server keeps per connection (an
-- unnamed statement through a transaction-mode pooler is parsed and planned on every call). They
-- decide nothing: the rules run in the app between the two calls.
--
-- The person with the facts its rules need, unlocked, and its row version (xmin).
CREATE FUNCTION "person_for_write"(p_person_id integer, p_email text)
RETURNS TABLE (person_row "person", account_submitted boolean, email_taken boolean, row_version text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT p,
    EXISTS (SELECT 1 FROM "strategy" s WHERE s."account_id" = p."account_id" AND s."entry_completed_at" IS NOT NULL),
    EXISTS (SELECT 1 FROM "person" o WHERE o."account_id" = p."account_id" AND lower(o."email") = lower(p_email)
      AND o."person_id" <> p."person_id"),
    p.xmin::text
  FROM "person" p WHERE p."person_id" = p_person_id;
END;
$$;
--> statement-breakpoint
-- The columns `p_changes` names (column name -> value) written, and the audit row `p_audit` inserted,
-- only while everything the rules read is as the app read it: the row still `p_version`, and the
-- facts person_for_write gives (for the email the write gives) still the same. Returns the row's new
-- version, or NULL (nothing written). Every column but the key is listed: one not in `p_changes` keeps
-- its value (tests/postgres/person-write-functions.test.ts guards the lists).
CREATE FUNCTION "person_write_if_unchanged"(
  p_person_id integer, p_version text, p_account_submitted boolean, p_email text, p_email_taken boolean,
  p_changes jsonb, p_audit jsonb
)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  new_version text;
BEGIN
  UPDATE "person" AS p SET (
    "account_id", "account_primary_holder", "is_addon", "email", "first_name", "last_name", "dob",
    "ssn_encrypted", "ssn_last4", "phone", "address_line1", "address_line2", "city", "state", "zip",
    "marital_status", "sumsub_applicant_id", "sumsub_completed_at", "sumsub_review_answer", "sumsub_review_at",
    "sumsub_email_sent_at", "identity_changed_at", "sumsub_check_id", "sumsub_check_started_at", "created_at",
    "updated_at"
  ) = (
    SELECT n."account_id", n."account_primary_holder", n."is_addon", n."email", n."first_name", n."last_name", n."dob",
      n."ssn_encrypted", n."ssn_last4", n."phone", n."address_line1", n."address_line2", n."city", n."state", n."zip",
      n."marital_status", n."sumsub_applicant_id", n."sumsub_completed_at", n."sumsub_review_answer", n."sumsub_review_at",
      n."sumsub_email_sent_at", n."identity_changed_at", n."sumsub_check_id", n."sumsub_check_started_at", n."created_at",
      n."updated_at"
    FROM jsonb_populate_record(p, p_changes) AS n
  )
  WHERE p."person_id" = p_person_id AND p.xmin = p_version::xid
    AND EXISTS (SELECT 1 FROM "strategy" s WHERE s."account_id" = p."account_id" AND s."entry_completed_at" IS NOT NULL)
      = p_account_submitted
    AND EXISTS (SELECT 1 FROM "person" o WHERE o."account_id" = p."account_id" AND lower(o."email") = lower(p_email)
      AND o."person_id" <> p."person_id") = p_email_taken
  RETURNING p.xmin::text INTO new_version;
  IF new_version IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO "audit_event" (
    "at", "account_id", "actor_type", "actor_id", "action", "entity_type", "entity_id", "fields", "route", "detail",
    "source_event_id"
  )
  SELECT a."at", a."account_id", a."actor_type", a."actor_id", a."action", a."entity_type", a."entity_id", a."fields",
    a."route", a."detail", a."source_event_id"
  FROM jsonb_populate_record(NULL::"audit_event", p_audit) AS a;
  RETURN new_version;
END;
$$;
