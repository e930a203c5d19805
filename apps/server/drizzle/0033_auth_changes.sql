-- The auth feed (platform/auth-feed.ts, decision 0020): every write to what a signed-in request stands on
-- (its session, its user, the user's roles and the roles themselves) tells the listening server processes
-- what changed, in the writing transaction, however it is made (a route, another process, the command line,
-- an edit by hand). A notification is delivered only if the transaction commits, and identical ones in one
-- transaction are sent once. Inserts of sessions, users and roles need none: nothing can hold them yet.
CREATE FUNCTION "karya_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('karya_auth', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('karya_auth', 's:' || OLD."token_hash");
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('karya_auth', 'u:' || OLD."id");
  ELSIF TG_TABLE_NAME = 'roles' THEN
    PERFORM pg_notify('karya_auth', 'r:' || OLD."id");
  ELSIF TG_TABLE_NAME = 'user_roles' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('karya_auth', 'u:' || OLD."user_id"); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('karya_auth', 'u:' || NEW."user_id"); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER UPDATE OR DELETE ON "roles"
FOR EACH ROW EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
FOR EACH ROW EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_emptied" AFTER TRUNCATE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_emptied" AFTER TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "roles_auth_emptied" AFTER TRUNCATE ON "roles"
FOR EACH STATEMENT EXECUTE FUNCTION "karya_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_emptied" AFTER TRUNCATE ON "user_roles"
FOR EACH STATEMENT EXECUTE FUNCTION "karya_auth_changed"();
