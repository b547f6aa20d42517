CREATE TABLE "table_replay_checkpoints" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"state" jsonb NOT NULL,
	"turns" jsonb NOT NULL,
	CONSTRAINT "table_replay_checkpoints_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
ALTER TABLE "table_replay_checkpoints" ADD CONSTRAINT "table_replay_checkpoints_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;