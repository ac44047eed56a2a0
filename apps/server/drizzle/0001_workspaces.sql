CREATE TABLE "dev_mail" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"inviter_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "invite_status_check" CHECK ("invite"."status" in ('pending', 'accepted', 'rejected', 'revoked')),
	CONSTRAINT "invite_email_lower_case_check" CHECK ("invite"."email" = lower("invite"."email"))
);
--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite" ADD CONSTRAINT "invite_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_mail_created_at_idx" ON "dev_mail" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_pending_email_idx" ON "invite" USING btree ("subscription_id","email") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "invite_email_status_idx" ON "invite" USING btree ("email","status");