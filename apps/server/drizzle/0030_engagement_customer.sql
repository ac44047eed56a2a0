ALTER TABLE "crm_engagement" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
CREATE INDEX "crm_engagement_customer_idx" ON "crm_engagement" USING btree ("destination_id","stripe_customer_id") WHERE "crm_engagement"."stripe_customer_id" is not null;--> statement-breakpoint
-- Backfill (decision 079): the customer of each note or task written before, read from the Stripe
-- event it was written for (still in the inbox unless pruned); a dispute names its charge, whose
-- own events name the customer.
UPDATE "crm_engagement" AS c
SET "stripe_customer_id" = coalesce(
  e."payload"->'data'->'object'->>'customer',
  (
    SELECT ch."payload"->'data'->'object'->>'customer'
    FROM "stripe_event" AS ch
    WHERE ch."account_id" = e."account_id"
      AND ch."object_id" = e."payload"->'data'->'object'->>'charge'
      AND ch."type" LIKE 'charge.%'
      AND ch."payload"->'data'->'object'->>'customer' IS NOT NULL
    LIMIT 1
  )
)
FROM "destination" AS d, "stripe_event" AS e
WHERE d."id" = c."destination_id"
  AND e."subscription_id" = d."subscription_id"
  AND e."event_id" = c."stripe_event_id"
  AND c."stripe_customer_id" IS NULL;
