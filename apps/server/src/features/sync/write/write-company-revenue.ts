import { and, eq, inArray } from 'drizzle-orm';
import { revenueProperties } from '@billbridge/contract';
import type { Db } from '../../../db/client.ts';
import { customerCompany } from '../../../db/schema.ts';
import type { WritePlan } from '../../../providers/hubspot/crm-records.ts';
import { RejectedCrmError, type CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';
import type { PortalFactStore } from '../../../providers/hubspot/portal-facts.ts';
import { portalRates } from '../../../providers/hubspot/portal-currencies.ts';
import { revenuePropertiesOf } from '../revenue/revenue-properties.ts';
import { customerRevenues, summedRevenue } from '../revenue/revenue-store.ts';
import { chunks, warn, type PlanResult } from './write-batches.ts';

/** What writing the round's companies' revenue needs (decision 073). */
export type CompanyRevenueWrite = {
  db: Db;
  crm: CrmClient;
  hubId: number;
  store: PortalFactStore;
  workspace: string;
  destinationId: string;
  plan: WritePlan;
  result: PlanResult;
};

const customersOfCompanies = async (write: CompanyRevenueWrite, where: ReturnType<typeof inArray>) =>
  write.db
    .select({ customer: customerCompany.stripeCustomerId, company: customerCompany.companyId })
    .from(customerCompany)
    .where(and(eq(customerCompany.destinationId, write.destinationId), where));

const notWritten = (company: string, reason: string) =>
  `The revenue of HubSpot company ${company} was not written: ${reason}`;

/**
 * Each company of a customer whose revenue the round wrote gets the sums of all its contacts'
 * figures (customer_company says which customers a company has), in batched updates of 100.
 */
export const writeCompanyRevenue = async (write: CompanyRevenueWrite): Promise<void> => {
  const contacts = write.plan.records.filter(
    (record) => record.objectType === 'contacts' && record.properties[revenueProperties.customerStatus],
  );
  if (!contacts.length) return;
  const touched = await customersOfCompanies(
    write,
    inArray(
      customerCompany.stripeCustomerId,
      contacts.map((record) => record.stripeObjectId),
    ),
  );
  const companies = [...new Set(touched.map((row) => row.company))];
  if (!companies.length) return;
  const members = await customersOfCompanies(write, inArray(customerCompany.companyId, companies));
  const revenues = await customerRevenues(write.db, write.workspace, [
    ...new Set(members.map((row) => row.customer)),
  ]);
  const wanted = new Set(
    [...revenues.values()].flatMap((revenue) => [...revenue.mrr.keys(), ...revenue.ltv.keys()]),
  );
  const rates = await portalRates(
    write.crm,
    write.hubId,
    new Set([...wanted].map((code) => code.toUpperCase())),
    write.store,
  );
  if (!rates) return;
  const eventsOf = (company: string) =>
    contacts
      .filter((record) =>
        touched.some((row) => row.company === company && row.customer === record.stripeObjectId),
      )
      .flatMap((record) => record.eventRowIds);
  const updates = companies.flatMap((company) => {
    const sum = summedRevenue(
      members.flatMap((row) => (row.company === company ? (revenues.get(row.customer) ?? []) : [])),
    );
    const { properties, unrated } = revenuePropertiesOf(sum, rates);
    return unrated.length ? [] : [{ id: company, properties }];
  });
  for (const chunk of chunks(updates)) {
    try {
      const answer = await write.crm.update('companies', chunk);
      for (const error of answer.errors)
        warn(write.result, eventsOf(error.key), notWritten(error.key, error.message));
    } catch (error) {
      // A company deleted in HubSpot refuses the batch: the contacts' own figures stand.
      if (!(error instanceof RejectedCrmError)) throw error;
      for (const { id } of chunk) warn(write.result, eventsOf(id), notWritten(id, error.message));
    }
  }
};
