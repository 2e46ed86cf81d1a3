-- The audit trail is append-only: rows are inserted in the transaction of the change they record,
-- and no statement may change or remove one afterwards (the SQLite migration's triggers, in PL/pgSQL).
CREATE FUNCTION "audit_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_event is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_event_no_update" BEFORE UPDATE ON "audit_event" FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_event_no_delete" BEFORE DELETE ON "audit_event" FOR EACH ROW EXECUTE FUNCTION "audit_event_append_only"();
