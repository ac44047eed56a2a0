ALTER TABLE "source" DROP COLUMN "access_token_sealed";--> statement-breakpoint
ALTER TABLE "source" DROP COLUMN "refresh_token_sealed";