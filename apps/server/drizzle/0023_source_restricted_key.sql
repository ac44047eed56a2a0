ALTER TABLE "source" ADD COLUMN "restricted_key_sealed" text;--> statement-breakpoint
ALTER TABLE "source" ADD COLUMN "webhook_endpoint_id" text;--> statement-breakpoint
ALTER TABLE "source" ADD COLUMN "webhook_secret_sealed" text;