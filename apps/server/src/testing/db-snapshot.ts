import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Everything a callable function may change, in a stable order: compare
 * two snapshots to prove a refused call changed nothing (queued e-mails included).
 */
export const snapshotDb = async (db: Db) => ({
  users: await queryRows(db, sql`select id, name, email, email_verified from "user" order by id`),
  profiles: await queryRows(db, sql`select * from user_profile order by user_id`),
  subscriptions: await queryRows(db, sql`select * from subscription order by id`),
  memberships: await queryRows(db, sql`select * from membership order by subscription_id, user_id`),
  invites: await queryRows(db, sql`select * from invite order by id`),
  devMail: await queryRows(db, sql`select * from dev_mail order by id`),
  sources: await queryRows(db, sql`select * from source order by id`),
  destinations: await queryRows(db, sql`select * from destination order by id`),
  events: await queryRows(db, sql`select id, state, attempts, last_error from stripe_event order by id`),
  activities: await queryRows(db, sql`select id, status, reason from activity order by id`),
  usage: await queryRows(db, sql`select * from usage order by subscription_id, period_start`),
  links: await queryRows(
    db,
    sql`select * from crm_link order by destination_id, stripe_object_id, crm_object_type`,
  ),
  oauthStates: await queryRows(db, sql`select * from oauth_state order by nonce`),
  backfills: await queryRows(db, sql`select * from backfill order by id`),
  reconciliations: await queryRows(db, sql`select * from reconciliation order by id`),
  sessions: await queryRows(db, sql`select id, user_id, expires_at from session order by id`),
  jobs: await queryRows(db, sql`select id, name, data, state from pgboss.job order by id`),
  // A refused change leaves no audit record either.
  auditEvents: await queryRows(db, sql`select * from audit_event order by id`),
});
