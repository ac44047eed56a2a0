CREATE TABLE "crm_engagement" (
	"destination_id" text NOT NULL,
	"stripe_event_id" text NOT NULL,
	"crm_object_type" text NOT NULL,
	"crm_object_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_engagement_destination_id_stripe_event_id_crm_object_type_pk" PRIMARY KEY("destination_id","stripe_event_id","crm_object_type")
);
--> statement-breakpoint
ALTER TABLE "crm_engagement" ADD CONSTRAINT "crm_engagement_destination_id_destination_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."destination"("id") ON DELETE cascade ON UPDATE no action;