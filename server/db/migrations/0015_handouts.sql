CREATE TABLE "handout_recipients" (
	"handout_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handout_recipients_handout_id_user_id_pk" PRIMARY KEY("handout_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "handouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"title" text NOT NULL,
	"text" text,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handouts_content_check" CHECK (("handouts"."text" is null) <> ("handouts"."file_id" is null))
);
--> statement-breakpoint
ALTER TABLE "handout_recipients" ADD CONSTRAINT "handout_recipients_handout_id_handouts_id_fk" FOREIGN KEY ("handout_id") REFERENCES "public"."handouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handout_recipients" ADD CONSTRAINT "handout_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handouts" ADD CONSTRAINT "handouts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handouts" ADD CONSTRAINT "handouts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handout_recipients_user_idx" ON "handout_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "handouts_game_idx" ON "handouts" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "handouts_file_idx" ON "handouts" USING btree ("file_id");