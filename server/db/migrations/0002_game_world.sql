CREATE TABLE "friend_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friend_invitations_not_self" CHECK ("friend_invitations"."from_user_id" <> "friend_invitations"."to_user_id"),
	CONSTRAINT "friend_invitations_status_known" CHECK ("friend_invitations"."status" in ('pending', 'accepted', 'declined', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"user_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendships_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id"),
	CONSTRAINT "friendships_not_self" CHECK ("friendships"."user_id" <> "friendships"."friend_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" text NOT NULL,
	"type" text DEFAULT 'private' NOT NULL,
	"game_id" text,
	"sender_user_id" uuid,
	"receiver_id" uuid,
	"sender_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"is_system_message" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_aspect_abilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"category" text DEFAULT 'aspectAbility' NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_aspect_abilities_category_fixed" CHECK ("character_aspect_abilities"."category" = 'aspectAbility'),
	CONSTRAINT "character_aspect_abilities_quantity_valid" CHECK ("character_aspect_abilities"."quantity" = 1),
	CONSTRAINT "character_aspect_abilities_never_equipped" CHECK ("character_aspect_abilities"."equipped" = false)
);
--> statement-breakpoint
CREATE TABLE "character_echoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"category" text DEFAULT 'echo' NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_echoes_category_fixed" CHECK ("character_echoes"."category" = 'echo'),
	CONSTRAINT "character_echoes_quantity_valid" CHECK ("character_echoes"."quantity" = 1),
	CONSTRAINT "character_echoes_never_equipped" CHECK ("character_echoes"."equipped" = false)
);
--> statement-breakpoint
CREATE TABLE "character_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"category" text DEFAULT 'item' NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_items_category_fixed" CHECK ("character_items"."category" = 'item'),
	CONSTRAINT "character_items_quantity_valid" CHECK ("character_items"."quantity" >= 1),
	CONSTRAINT "character_items_never_equipped" CHECK ("character_items"."equipped" = false)
);
--> statement-breakpoint
CREATE TABLE "character_memories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"category" text DEFAULT 'memory' NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_memories_category_fixed" CHECK ("character_memories"."category" = 'memory'),
	CONSTRAINT "character_memories_quantity_valid" CHECK ("character_memories"."quantity" = 1)
);
--> statement-breakpoint
CREATE TABLE "character_runes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"character_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"category" text DEFAULT 'rune' NOT NULL,
	"equipped" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_runes_category_fixed" CHECK ("character_runes"."category" = 'rune'),
	CONSTRAINT "character_runes_quantity_valid" CHECK ("character_runes"."quantity" = 1),
	CONSTRAINT "character_runes_never_equipped" CHECK ("character_runes"."equipped" = false)
);
--> statement-breakpoint
CREATE TABLE "game_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rarity" text,
	"price" double precision,
	"weight" double precision,
	"fields" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_to_global" boolean DEFAULT false NOT NULL,
	"exported_at" timestamp with time zone,
	"exported_by" uuid,
	"imported_from_global" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone,
	"import_source_id" uuid,
	CONSTRAINT "game_resources_id_category_unique" UNIQUE("id","category"),
	CONSTRAINT "game_resources_category_known" CHECK ("game_resources"."category" in ('memory', 'rune', 'echo', 'aspectAbility', 'enchantment', 'item', 'monster', 'map', 'attack')),
	CONSTRAINT "game_resources_export_marked" CHECK ("game_resources"."exported_to_global" = ("game_resources"."exported_at" is not null)),
	CONSTRAINT "game_resources_import_marked" CHECK ("game_resources"."imported_from_global" = ("game_resources"."imported_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "store_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rarity" text,
	"price" double precision,
	"weight" double precision,
	"fields" jsonb NOT NULL,
	"created_by" uuid,
	"exported_by" uuid,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_game_id" text,
	"source_resource_id" uuid,
	CONSTRAINT "store_entries_category_known" CHECK ("store_entries"."category" in ('memory', 'rune', 'echo', 'aspectAbility', 'enchantment', 'item', 'monster', 'map', 'attack'))
);
--> statement-breakpoint
ALTER TABLE "friend_invitations" ADD CONSTRAINT "friend_invitations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_invitations" ADD CONSTRAINT "friend_invitations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_aspect_abilities" ADD CONSTRAINT "character_aspect_abilities_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_aspect_abilities" ADD CONSTRAINT "character_aspect_abilities_resource_fk" FOREIGN KEY ("resource_id","category") REFERENCES "public"."game_resources"("id","category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_echoes" ADD CONSTRAINT "character_echoes_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_echoes" ADD CONSTRAINT "character_echoes_resource_fk" FOREIGN KEY ("resource_id","category") REFERENCES "public"."game_resources"("id","category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_items" ADD CONSTRAINT "character_items_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_items" ADD CONSTRAINT "character_items_resource_fk" FOREIGN KEY ("resource_id","category") REFERENCES "public"."game_resources"("id","category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_memories" ADD CONSTRAINT "character_memories_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_memories" ADD CONSTRAINT "character_memories_resource_fk" FOREIGN KEY ("resource_id","category") REFERENCES "public"."game_resources"("id","category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_runes" ADD CONSTRAINT "character_runes_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_runes" ADD CONSTRAINT "character_runes_resource_fk" FOREIGN KEY ("resource_id","category") REFERENCES "public"."game_resources"("id","category") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_resources" ADD CONSTRAINT "game_resources_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_resources" ADD CONSTRAINT "game_resources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_resources" ADD CONSTRAINT "game_resources_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_resources" ADD CONSTRAINT "game_resources_import_source_id_store_entries_id_fk" FOREIGN KEY ("import_source_id") REFERENCES "public"."store_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_entries" ADD CONSTRAINT "store_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_entries" ADD CONSTRAINT "store_entries_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_entries" ADD CONSTRAINT "store_entries_source_game_id_games_id_fk" FOREIGN KEY ("source_game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_entries" ADD CONSTRAINT "store_entries_source_resource_id_game_resources_id_fk" FOREIGN KEY ("source_resource_id") REFERENCES "public"."game_resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friend_invitations_open_pair_unique" ON "friend_invitations" USING btree (least("from_user_id", "to_user_id"),greatest("from_user_id", "to_user_id")) WHERE "friend_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "friend_invitations_to_user_idx" ON "friend_invitations" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "friend_invitations_from_user_idx" ON "friend_invitations" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "friendships_friend_idx" ON "friendships" USING btree ("friend_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("sender_user_id","receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id","sender_user_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_game_idx" ON "messages" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "character_aspect_abilities_character_resource_unique" ON "character_aspect_abilities" USING btree ("character_id","resource_id");--> statement-breakpoint
CREATE INDEX "character_aspect_abilities_resource_idx" ON "character_aspect_abilities" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "character_echoes_character_resource_unique" ON "character_echoes" USING btree ("character_id","resource_id");--> statement-breakpoint
CREATE INDEX "character_echoes_resource_idx" ON "character_echoes" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "character_items_character_resource_unique" ON "character_items" USING btree ("character_id","resource_id");--> statement-breakpoint
CREATE INDEX "character_items_resource_idx" ON "character_items" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "character_memories_character_resource_unique" ON "character_memories" USING btree ("character_id","resource_id");--> statement-breakpoint
CREATE INDEX "character_memories_resource_idx" ON "character_memories" USING btree ("resource_id");--> statement-breakpoint
CREATE UNIQUE INDEX "character_runes_character_resource_unique" ON "character_runes" USING btree ("character_id","resource_id");--> statement-breakpoint
CREATE INDEX "character_runes_resource_idx" ON "character_runes" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "game_resources_game_category_idx" ON "game_resources" USING btree ("game_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "game_resources_import_unique" ON "game_resources" USING btree ("game_id","import_source_id") WHERE "game_resources"."import_source_id" is not null;--> statement-breakpoint
CREATE INDEX "store_entries_category_idx" ON "store_entries" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "store_entries_source_unique" ON "store_entries" USING btree ("source_resource_id") WHERE "store_entries"."source_resource_id" is not null;