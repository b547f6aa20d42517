-- A deleted account's lines stay in its games' logs (the others lived them), without the person:
-- the author's id leaves the row and the line, and a line signed with the account's own name is
-- signed « Compte supprimé ». A line spoken as a character keeps the character's name.
CREATE OR REPLACE FUNCTION "table_events_forget_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_events"
  SET
    "user_id" = NULL,
    "payload" = CASE
      WHEN "payload" ->> 'senderUserId' = OLD."id"::text THEN
        jsonb_set(
          CASE
            WHEN "payload" ->> 'playerName' = OLD."display_name"
              THEN jsonb_set("payload", '{playerName}', to_jsonb('Compte supprimé'::text))
            ELSE "payload"
          END,
          '{senderUserId}',
          'null'::jsonb
        )
      ELSE "payload"
    END
  WHERE "user_id" = OLD."id";
  RETURN OLD;
END $$;
