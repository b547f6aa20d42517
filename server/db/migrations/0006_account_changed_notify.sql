-- Each server process keeps an in-memory view of live sessions (server/modules/auth/session-view.ts).
-- Any change to an account or a session, whoever makes it (a route, the role CLI, another process,
-- an operator's SQL), tells every listening process which user to read again.
CREATE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('account_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('account_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_account_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();--> statement-breakpoint
CREATE TRIGGER sessions_account_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
