CREATE TABLE "stripe_product" (
	"source_id" text NOT NULL,
	"product_id" text NOT NULL,
	"fields" jsonb NOT NULL,
	"stripe_updated" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_product_source_id_product_id_pk" PRIMARY KEY("source_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "stripe_product" ADD CONSTRAINT "stripe_product_source_id_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."source"("id") ON DELETE cascade ON UPDATE no action;