CREATE TABLE "billing_attempt" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "pending_plan_id" text;--> statement-breakpoint
ALTER TABLE "backfill" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "billing_attempt" ADD CONSTRAINT "billing_attempt_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_attempt_user_time_idx" ON "billing_attempt" USING btree ("user_id","created_at");