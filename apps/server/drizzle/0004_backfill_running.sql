DROP INDEX "backfill_source_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "backfill_running_unique" ON "backfill" USING btree ("source_id") WHERE "backfill"."status" = 'running';--> statement-breakpoint
CREATE INDEX "backfill_source_id_idx" ON "backfill" USING btree ("source_id","created_at");