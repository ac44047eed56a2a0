CREATE TABLE "reconciliation" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"status" text NOT NULL,
	"kinds" text[] NOT NULL,
	"cursor" jsonb NOT NULL,
	"listed_up_to" bigint NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "crm_link" ADD COLUMN "deal_pipeline" text;--> statement-breakpoint
ALTER TABLE "crm_link" ADD COLUMN "deal_stage" text;--> statement-breakpoint
ALTER TABLE "reconciliation" ADD CONSTRAINT "reconciliation_source_id_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."source"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_source_id_idx" ON "reconciliation" USING btree ("source_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_running_unique" ON "reconciliation" USING btree ("source_id") WHERE "reconciliation"."status" = 'running';