/**
 * `npm run bench:meter`: how fast the overage reporter (`billing.report-overage`,
 * apps/server/src/features/billing/overage.ts) bills recorded overage against the sandbox's Stripe
 * stand-in: BENCH_OVERAGE (default 20000) overage events of one Pro workspace on PGlite, reported as
 * aggregated meter events. Ends with one JSON line: meter events/s (Stripe calls) and overage
 * events/s (units billed), and the units the meter holds (must equal the events).
 */
import { eq } from 'drizzle-orm';
import { overageEvent, overageReport } from '../apps/server/src/db/schema.ts';
import { reportOverage } from '../apps/server/src/features/billing/overage.ts';
import { syncEventsMeter } from '../apps/server/src/features/billing/platform.ts';
import { createPaidWorkspace, sandboxOf, workspaceRow } from '../apps/server/src/testing/billing.ts';
import { createTestApp } from '../apps/server/src/testing/test-app.ts';
import { signUpUser } from '../apps/server/src/testing/users.ts';

const events = Number(process.env.BENCH_OVERAGE ?? 20_000);

const t = await createTestApp();
try {
  const owner = await signUpUser(t.app);
  const id = await createPaidWorkspace(t, owner, 'pro');
  const { stripeCustomerId } = await workspaceRow(t, id);
  for (let offset = 0; offset < events; offset += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, events - offset) }, (_, i) => ({
      stripeEventId: offset + i + 1,
      subscriptionId: id,
    }));
    await t.context.database.db.insert(overageEvent).values(rows);
  }
  const start = performance.now();
  await reportOverage(t.context, id);
  const seconds = (performance.now() - start) / 1000;
  const reports = await t.context.database.db
    .select()
    .from(overageReport)
    .where(eq(overageReport.subscriptionId, id));
  const sandbox = sandboxOf(t);
  const units = sandbox.stripeState
    .account(sandbox.stripe.accountId)
    .objects.meter_events.filter(
      (event) =>
        event.event_name === syncEventsMeter.eventName &&
        event.payload.stripe_customer_id === stripeCustomerId,
    )
    .reduce((sum, event) => sum + Number(event.payload.value), 0);
  console.log(
    JSON.stringify({
      bench: 'meter',
      overageEvents: events,
      meterEvents: reports.length,
      seconds: Number(seconds.toFixed(3)),
      meterEventsPerSec: Math.round(reports.length / seconds),
      overageEventsPerSec: Math.round(events / seconds),
      unitsOnMeter: units,
    }),
  );
} finally {
  await t.close();
}
