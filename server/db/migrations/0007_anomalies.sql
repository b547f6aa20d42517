CREATE TABLE "anomalies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint" text NOT NULL,
	"error_count" bigint DEFAULT 0 NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'Nouvelle' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "anomalies_priority_known" CHECK ("anomalies"."priority" in ('Haute', 'Moyenne', 'Basse')),
	CONSTRAINT "anomalies_status_known" CHECK ("anomalies"."status" in ('Nouvelle', 'En cours', 'Résolue')),
	CONSTRAINT "anomalies_resolution_consistent" CHECK ("anomalies"."resolved" = ("anomalies"."status" = 'Résolue') and "anomalies"."resolved" = ("anomalies"."resolved_at" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "anomalies_open_endpoint_unique" ON "anomalies" USING btree ("endpoint") WHERE not "anomalies"."resolved";--> statement-breakpoint
CREATE INDEX "anomalies_detected_at_idx" ON "anomalies" USING btree ("detected_at");