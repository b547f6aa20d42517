CREATE TABLE "monitoring_processes" (
	"process_id" text PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_resets" (
	"scope" text PRIMARY KEY NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
