import type { RecordWrite } from '@billbridge/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companyDomain, customerCompany } from '../../../db/schema.ts';
import { refKey, type WritePlan } from '../../../providers/hubspot/crm-records.ts';
import type { AssociationPair, CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import { businessDomainOf } from './email-domains.ts';
import { chunks, warn, type Ids, type PlanResult } from './write-batches.ts';

/** What writing a round's companies needs (decision 067). */
export type CompanyWrite = {
  crm: CrmClient;
  db: Db;
  destinationId: string;
  plan: WritePlan;
  ids: Ids;
  result: PlanResult;
};

/** A written contact on a business domain: its customer, its domain, the company name to use. */
type DomainContact = { record: RecordWrite; domain: string; name: string };

const written = (result: PlanResult, record: RecordWrite) =>
  !record.eventRowIds.some((id) => result.failed.has(id));

const domainContactsOf = ({ plan, ids, result }: CompanyWrite): DomainContact[] =>
  plan.records.flatMap((record) => {
    if (record.objectType !== 'contacts' || !ids(refKey(record)) || !written(result, record)) return [];
    const domain = businessDomainOf(record.properties.email ?? record.id);
    return domain ? [{ record, domain, name: record.organisation ?? domain }] : [];
  });

/** Where the destination's remembered companies are read. */
type Memory = Pick<CompanyWrite, 'db' | 'destinationId'>;

/** The companies of `domains` this destination found or made before. */
const rememberedCompanies = async (write: Memory, domains: string[]) => {
  const rows = domains.length
    ? await write.db
        .select()
        .from(companyDomain)
        .where(
          and(eq(companyDomain.destinationId, write.destinationId), inArray(companyDomain.domain, domains)),
        )
    : [];
  return new Map(rows.map((row) => [row.domain, row.companyId]));
};

/**
 * Companies of `domains` HubSpot already has (made by a person or by HubSpot itself), found by
 * their `domain` in one search per 100; where several share a domain, the oldest id wins.
 */
const foundCompanies = async (crm: CrmClient, domains: string[]) => {
  const found = new Map<string, string>();
  for (const chunk of chunks(domains)) {
    const matches = (await crm.findBy('companies', 'domain', chunk)).sort(
      (left, right) => Number(left.id) - Number(right.id),
    );
    for (const match of matches) if (!found.has(match.key)) found.set(match.key, match.id);
  }
  return found;
};

/** Creates one company per domain (named from its first customer) in batches of 100. */
const createdCompanies = async (write: CompanyWrite, wanted: DomainContact[]) => {
  const made = new Map<string, string>();
  const firstOf = new Map<string, DomainContact>();
  for (const contact of wanted) if (!firstOf.has(contact.domain)) firstOf.set(contact.domain, contact);
  for (const chunk of chunks([...firstOf.values()])) {
    const answer = await write.crm.create(
      'companies',
      chunk.map(({ domain, name }) => ({ properties: { domain, name } })),
      'domain',
    );
    for (const item of answer.results) made.set(item.key, item.id);
    for (const error of answer.errors) {
      const contact = firstOf.get(error.key);
      if (contact)
        warn(write.result, contact.record.eventRowIds, `No company for ${error.key}: ${error.message}`);
    }
  }
  return made;
};

const rememberDomains = async ({ db, destinationId }: CompanyWrite, companies: Map<string, string>) => {
  const rows = [...companies].map(([domain, companyId]) => ({ destinationId, domain, companyId }));
  if (rows.length) await db.insert(companyDomain).values(rows).onConflictDoNothing();
};

const rememberCustomers = async ({ db, destinationId }: CompanyWrite, companyOf: Map<string, string>) => {
  const rows = [...companyOf].map(([stripeCustomerId, companyId]) => ({
    destinationId,
    stripeCustomerId,
    companyId,
  }));
  for (const chunk of chunks(rows, 500)) {
    await db
      .insert(customerCompany)
      .values(chunk)
      .onConflictDoUpdate({
        target: [customerCompany.destinationId, customerCompany.stripeCustomerId],
        set: { companyId: sql`excluded.company_id` },
      });
  }
};

/** The company each customer of `customerIds` was associated with before this round. */
const customersCompanies = async (write: Memory, customerIds: string[]) => {
  const rows = customerIds.length
    ? await write.db
        .select()
        .from(customerCompany)
        .where(
          and(
            eq(customerCompany.destinationId, write.destinationId),
            inArray(customerCompany.stripeCustomerId, customerIds),
          ),
        )
    : [];
  return new Map(rows.map((row) => [row.stripeCustomerId, row.companyId]));
};

/** Companies HubSpot no longer has (deleted there) are forgotten: the next change finds or makes one. */
const forget = async ({ db, destinationId }: CompanyWrite, companyIds: string[]) => {
  if (companyIds.length === 0) return;
  await db
    .delete(companyDomain)
    .where(and(eq(companyDomain.destinationId, destinationId), inArray(companyDomain.companyId, companyIds)));
  await db
    .delete(customerCompany)
    .where(
      and(eq(customerCompany.destinationId, destinationId), inArray(customerCompany.companyId, companyIds)),
    );
};

type CompanyPair = AssociationPair & { eventRowIds: number[] };

/**
 * Default (unlabeled) associations to companies in batches of 100; a refusal is a warning. Returns
 * the companies HubSpot refused (deleted there).
 */
const associate = async (write: CompanyWrite, from: 'contacts' | 'deals', pairs: CompanyPair[]) => {
  const refused = new Set<string>();
  for (const chunk of chunks(pairs)) {
    const answer = await write.crm.associate(from, 'companies', chunk);
    const failed = new Set(answer.failed.map((pair) => `${pair.from}>${pair.to}`));
    for (const pair of chunk) {
      if (failed.has(`${pair.from}>${pair.to}`))
        warn(
          write.result,
          pair.eventRowIds,
          `Not associated with HubSpot company ${pair.to}: ${answer.message ?? 'HubSpot refused the association'}`,
        );
    }
    for (const pair of answer.failed) refused.add(pair.to);
  }
  await forget(write, [...refused]);
  return refused;
};

/** The company of each domain: remembered, else found by `domain`, else created; all remembered. */
const companiesOfDomains = async (write: CompanyWrite, contacts: DomainContact[]) => {
  const domains = [...new Set(contacts.map((contact) => contact.domain))];
  const companies = await rememberedCompanies(write, domains);
  const unknown = domains.filter((domain) => !companies.has(domain));
  for (const [domain, id] of unknown.length ? await foundCompanies(write.crm, unknown) : [])
    companies.set(domain, id);
  const missing = contacts.filter((contact) => !companies.has(contact.domain));
  for (const [domain, id] of missing.length ? await createdCompanies(write, missing) : [])
    companies.set(domain, id);
  await rememberDomains(write, companies);
  return companies;
};

/**
 * The companies the round's new deals can be created associated with (decision 079), by the deal's
 * `refKey`: its customer's company as the company step will find it, where that is known before
 * any call — the remembered company of the domain of a contact the round writes, else the company
 * the customer was associated with before. A domain new to the destination is left to that step.
 */
export const companiesOfNewDeals = async (
  memory: Memory,
  plan: WritePlan,
  knownIds: ReadonlyMap<string, string>,
): Promise<Map<string, string>> => {
  const deals = plan.associations.filter(
    ({ from, to }) =>
      from.objectType === 'deals' && to.objectType === 'contacts' && !knownIds.has(refKey(from)),
  );
  if (deals.length === 0) return new Map();
  const domainOf = new Map(
    plan.records.flatMap((record) =>
      record.objectType === 'contacts'
        ? [[record.stripeObjectId, businessDomainOf(record.properties.email ?? record.id)] as const]
        : [],
    ),
  );
  const customers = [...new Set(deals.map(({ to }) => to.stripeObjectId))];
  const domains = [...new Set([...domainOf.values()].filter((domain) => domain !== undefined))];
  const [byDomain, before] = await Promise.all([
    rememberedCompanies(memory, domains),
    customersCompanies(memory, customers),
  ]);
  const companyOf = (customer: string) => {
    const domain = domainOf.get(customer);
    return domain ? byDomain.get(domain) : before.get(customer);
  };
  return new Map(
    deals.flatMap(({ from, to }) => {
      const company = companyOf(to.stripeObjectId);
      return company ? [[refKey(from), company] as const] : [];
    }),
  );
};

/** The round's deals, by the customer whose contact they are associated with. */
const dealsOf = (write: CompanyWrite) =>
  write.plan.associations.filter(
    (association) =>
      association.from.objectType === 'deals' &&
      association.to.objectType === 'contacts' &&
      write.ids(refKey(association.from)),
  );

/** A contact HubSpot has had no company association for: created, or made again after a deletion. */
const newContact = (result: PlanResult, record: RecordWrite) =>
  result.created.has(refKey(record)) || result.recreated.has(refKey(record));

/**
 * The companies of a round's written contacts on business domains (companiesOfDomains); then each
 * contact whose customer's company is new to it, or that is new itself, and each deal created this round or whose
 * customer's company is new, is associated with it — a round that changes nothing of that costs no
 * association call. Free-mail and disposable domains never make a company.
 */
export const writeCompanies = async (write: CompanyWrite): Promise<void> => {
  const contacts = domainContactsOf(write);
  const companies = await companiesOfDomains(write, contacts);
  const deals = dealsOf(write);
  const before = await customersCompanies(write, [
    ...new Set([
      ...contacts.map(({ record }) => record.stripeObjectId),
      ...deals.map(({ to }) => to.stripeObjectId),
    ]),
  ]);
  const now = new Map(before);
  for (const { record, domain } of contacts) {
    const companyId = companies.get(domain);
    if (companyId) now.set(record.stripeObjectId, companyId);
  }
  const changed = (customerId: string) => before.get(customerId) !== now.get(customerId);
  const pairOf = (from: string | undefined, customerId: string, eventRowIds: number[]): CompanyPair[] => {
    const to = now.get(customerId);
    return to && from ? [{ from, to, eventRowIds }] : [];
  };
  const refused = await associate(
    write,
    'contacts',
    contacts.flatMap(({ record }) =>
      changed(record.stripeObjectId) || newContact(write.result, record)
        ? pairOf(write.ids(refKey(record)), record.stripeObjectId, record.eventRowIds)
        : [],
    ),
  );
  const refusedForDeals = await associate(
    write,
    'deals',
    deals.flatMap(({ from, to, eventRowIds }) => {
      const due = changed(to.stripeObjectId) || write.result.created.has(refKey(from));
      // Created already associated with this company (companiesOfNewDeals): no call for it.
      const inline = write.result.withCompany.get(refKey(from)) === now.get(to.stripeObjectId);
      return due && !inline ? pairOf(write.ids(refKey(from)), to.stripeObjectId, eventRowIds) : [];
    }),
  );
  const kept = [...now].filter(
    ([customerId, companyId]) =>
      changed(customerId) && !refused.has(companyId) && !refusedForDeals.has(companyId),
  );
  await rememberCustomers(write, new Map(kept));
};
