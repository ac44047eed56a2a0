CREATE TABLE "sign_in_failure" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invite_inviter_created_idx" ON "invite" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invite_subscription_created_idx" ON "invite" USING btree ("subscription_id","created_at");