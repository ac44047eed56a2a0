CREATE TABLE "revenue_fact" (
	"subscription_id" text NOT NULL,
	"stripe_object_id" text NOT NULL,
	"kind" text NOT NULL,
	"stripe_customer_id" text,
	"currency" text NOT NULL,
	"monthly" double precision DEFAULT 0 NOT NULL,
	"status" text,
	"paid" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"payment_status" text,
	"payment_at" bigint,
	"paid_at" bigint,
	"event_created" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenue_fact_subscription_id_stripe_object_id_pk" PRIMARY KEY("subscription_id","stripe_object_id")
);
--> statement-breakpoint
ALTER TABLE "revenue_fact" ADD CONSTRAINT "revenue_fact_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revenue_fact_customer_idx" ON "revenue_fact" USING btree ("subscription_id","stripe_customer_id");