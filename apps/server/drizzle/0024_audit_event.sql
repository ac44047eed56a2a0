CREATE TABLE "audit_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" text,
	"user_id" text,
	"actor_type" text NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"kind" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_name" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_event_owner_check" CHECK ("audit_event"."subscription_id" is not null or "audit_event"."user_id" is not null),
	CONSTRAINT "audit_event_actor_check" CHECK ("audit_event"."actor_type" in ('user', 'system', 'operator'))
);
--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_event" ADD CONSTRAINT "audit_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_event_subscription_created_idx" ON "audit_event" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_event_user_created_idx" ON "audit_event" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_event_created_idx" ON "audit_event" USING btree ("created_at");