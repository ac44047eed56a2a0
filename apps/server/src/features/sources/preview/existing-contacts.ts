import type { CrmClient } from '../../../providers/hubspot/hubspot-crm.ts';

/** HubSpot's batch read takes at most 100 inputs. */
const readBatch = 100;

/**
 * How many of `emails` a portal contact already has: HubSpot's batch read by the unique `email`
 * property, 100 a call through the destination's budget; an e-mail the portal lacks is simply absent.
 */
export const existingContacts = async (crm: CrmClient, emails: string[]): Promise<number> => {
  let found = 0;
  for (let at = 0; at < emails.length; at += readBatch)
    found += (await crm.read('contacts', emails.slice(at, at + readBatch), 'email', 'email')).length;
  return found;
};
