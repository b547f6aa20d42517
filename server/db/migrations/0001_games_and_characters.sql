CREATE TABLE "characters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"game_id" text,
	"name" text NOT NULL,
	"pv" integer NOT NULL,
	"force" integer NOT NULL,
	"agilite" integer NOT NULL,
	"endurance" integer NOT NULL,
	"eloquence" integer NOT NULL,
	"sagesse" integer NOT NULL,
	"instinct" integer NOT NULL,
	"autre" integer DEFAULT 10 NOT NULL,
	"soul_essence" integer NOT NULL,
	"defense" integer NOT NULL,
	"deplacement" integer NOT NULL,
	"inspiration" integer DEFAULT 0 NOT NULL,
	"divine_gift" integer DEFAULT 1 NOT NULL,
	"soul_core" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"rune" integer DEFAULT 0 NOT NULL,
	"aspect" integer DEFAULT 0 NOT NULL,
	"force_weapon" integer DEFAULT 0 NOT NULL,
	"agility_weapon" integer DEFAULT 0 NOT NULL,
	"perception_weapon" integer DEFAULT 0 NOT NULL,
	"skills" jsonb NOT NULL,
	"asset_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_soul_core_range" CHECK ("characters"."soul_core" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "game_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_invitations_status_known" CHECK ("game_invitations"."status" in ('pending', 'accepted', 'declined', 'revoked', 'kicked', 'left'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mj_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_connection_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invitations" ADD CONSTRAINT "game_invitations_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invitations" ADD CONSTRAINT "game_invitations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invitations" ADD CONSTRAINT "game_invitations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_mj_user_id_users_id_fk" FOREIGN KEY ("mj_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "characters_user_idx" ON "characters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "characters_game_idx" ON "characters" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_invitations_open_unique" ON "game_invitations" USING btree ("game_id","to_user_id") WHERE "game_invitations"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "game_invitations_to_user_idx" ON "game_invitations" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "game_invitations_game_idx" ON "game_invitations" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "games_mj_user_id_idx" ON "games" USING btree ("mj_user_id");