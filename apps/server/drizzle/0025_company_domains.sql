CREATE TABLE "company_domain" (
	"destination_id" text NOT NULL,
	"domain" text NOT NULL,
	"company_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_domain_destination_id_domain_pk" PRIMARY KEY("destination_id","domain")
);
--> statement-breakpoint
CREATE TABLE "customer_company" (
	"destination_id" text NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"company_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_company_destination_id_stripe_customer_id_pk" PRIMARY KEY("destination_id","stripe_customer_id")
);
--> statement-breakpoint
ALTER TABLE "company_domain" ADD CONSTRAINT "company_domain_destination_id_destination_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destination"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_company" ADD CONSTRAINT "customer_company_destination_id_destination_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destination"("id") ON DELETE cascade ON UPDATE no action;