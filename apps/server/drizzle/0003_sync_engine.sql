CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"stripe_event_id" bigint NOT NULL,
	"type" text NOT NULL,
	"raw_event_type" text NOT NULL,
	"event_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backfill" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"status" text NOT NULL,
	"cursor" jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_link" (
	"destination_id" text NOT NULL,
	"stripe_object_id" text NOT NULL,
	"crm_object_type" text NOT NULL,
	"crm_object_id" text,
	"applied_event_created" bigint,
	"applied_event_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_link_destination_id_stripe_object_id_crm_object_type_pk" PRIMARY KEY("destination_id","stripe_object_id","crm_object_type")
);
--> statement-breakpoint
CREATE TABLE "destination" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hub_id" bigint,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hubspot_budget" (
	"hub_id" bigint PRIMARY KEY NOT NULL,
	"tokens" real NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oauth_state" (
	"nonce" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"target_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "source" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"account_id" text,
	"auth" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"livemode" boolean,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"livemode" boolean NOT NULL,
	"created" bigint NOT NULL,
	"object_id" text,
	"payload" jsonb NOT NULL,
	"source_id" text,
	"subscription_id" text,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage" (
	"subscription_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"notified_levels" integer[] DEFAULT '{}'::int[] NOT NULL,
	CONSTRAINT "usage_subscription_id_period_start_pk" PRIMARY KEY("subscription_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_stripe_event_id_stripe_event_id_fk" FOREIGN KEY ("stripe_event_id") REFERENCES "public"."stripe_event"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backfill" ADD CONSTRAINT "backfill_source_id_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."source"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_link" ADD CONSTRAINT "crm_link_destination_id_destination_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destination"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "destination" ADD CONSTRAINT "destination_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_state" ADD CONSTRAINT "oauth_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source" ADD CONSTRAINT "source_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_stripe_event_unique" ON "activity" USING btree ("stripe_event_id");--> statement-breakpoint
CREATE INDEX "activity_subscription_time_idx" ON "activity" USING btree ("subscription_id","time");--> statement-breakpoint
CREATE INDEX "backfill_source_id_idx" ON "backfill" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "destination_subscription_id_idx" ON "destination" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "source_subscription_id_idx" ON "source" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "source_account_id_unique" ON "source" USING btree ("account_id") WHERE "source"."account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_event_account_event_unique" ON "stripe_event" USING btree ("account_id","event_id");--> statement-breakpoint
CREATE INDEX "stripe_event_subscription_state_idx" ON "stripe_event" USING btree ("subscription_id","state","id");--> statement-breakpoint
CREATE INDEX "stripe_event_waiting_idx" ON "stripe_event" USING btree ("created_at") WHERE "stripe_event"."state" in ('received', 'ready');