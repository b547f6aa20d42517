-- Issue 15, item 5: an attack's weapon or an enchantment's memory (`fields.memoryId`) copied
-- through the store once kept pointing at the memory of the game it was made in. Exports and
-- imports now drop it; this drops the links older copies still hold. A link to a memory of the
-- row's own game, or to no resource at all, stays as it is.
UPDATE "game_resources" AS "resource"
SET "fields" = jsonb_set("resource"."fields", '{memoryId}', 'null'::jsonb)
WHERE "resource"."category" IN ('attack', 'enchantment')
  AND jsonb_typeof("resource"."fields" -> 'memoryId') = 'string'
  AND EXISTS (
    SELECT 1 FROM "game_resources" AS "memory"
    WHERE "memory"."id"::text = "resource"."fields" ->> 'memoryId'
      AND "memory"."game_id" <> "resource"."game_id"
  );
--> statement-breakpoint
-- A store entry belongs to no game, so any memory it names is another game's.
UPDATE "store_entries"
SET "fields" = jsonb_set("fields", '{memoryId}', 'null'::jsonb)
WHERE jsonb_typeof("fields" -> 'memoryId') = 'string';
