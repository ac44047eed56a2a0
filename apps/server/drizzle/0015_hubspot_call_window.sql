ALTER TABLE "hubspot_budget" ADD COLUMN "recent_calls" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "hubspot_budget" DROP COLUMN "tokens";--> statement-breakpoint
ALTER TABLE "hubspot_budget" DROP COLUMN "refilled_at";