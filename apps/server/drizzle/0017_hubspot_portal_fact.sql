CREATE TABLE "hubspot_portal_fact" (
	"hub_id" bigint NOT NULL,
	"fact" text NOT NULL,
	"value" jsonb NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hubspot_portal_fact_hub_id_fact_pk" PRIMARY KEY("hub_id","fact")
);
