ALTER TABLE "stripe_event" ADD COLUMN "payload_pruned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activity_time_idx" ON "activity" USING btree ("time");--> statement-breakpoint
CREATE INDEX "crm_link_applied_event_idx" ON "crm_link" USING btree ("applied_event_id");--> statement-breakpoint
CREATE INDEX "stripe_event_unpruned_idx" ON "stripe_event" USING btree ("id") WHERE "stripe_event"."payload_pruned_at" is null;