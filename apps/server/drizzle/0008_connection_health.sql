ALTER TABLE "destination" ADD COLUMN "connection_lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "source" ADD COLUMN "connection_lost_at" timestamp with time zone;