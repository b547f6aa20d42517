CREATE TABLE "evening_notes" (
	"game_id" text NOT NULL,
	"first_seq" integer NOT NULL,
	"notes" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evening_notes_game_id_first_seq_pk" PRIMARY KEY("game_id","first_seq")
);
--> statement-breakpoint
CREATE TABLE "last_time_seen" (
	"user_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"first_seq" integer NOT NULL,
	CONSTRAINT "last_time_seen_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "evening_notes" ADD CONSTRAINT "evening_notes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evening_notes" ADD CONSTRAINT "evening_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_time_seen" ADD CONSTRAINT "last_time_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_time_seen" ADD CONSTRAINT "last_time_seen_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;