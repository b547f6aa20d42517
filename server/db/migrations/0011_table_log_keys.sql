ALTER TABLE "table_events" DROP CONSTRAINT "table_events_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "table_events" DROP CONSTRAINT "table_events_user_id_users_id_fk";
--> statement-breakpoint
-- What the foreign keys did on delete, done from the parent's side: a game takes its events with
-- it, and a deleted account leaves its lines without an author (docs/live-table.md "The log's keys").
CREATE FUNCTION "table_events_follow_game"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "table_events" WHERE "game_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "games_delete_table_events" AFTER DELETE ON "games"
  FOR EACH ROW EXECUTE FUNCTION "table_events_follow_game"();
--> statement-breakpoint
CREATE FUNCTION "table_events_forget_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_events" SET "user_id" = NULL WHERE "user_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_forget_table_events" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "table_events_forget_author"();
