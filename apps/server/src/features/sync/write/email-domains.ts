import { createRequire } from 'node:module';
import { z } from 'zod';

const listSchema = z.array(z.string());

let cached: ReadonlySet<string> | undefined;

/**
 * Free-mail providers (`email-providers`: gmail.com, outlook.com, qq.com, 163.com…) and disposable
 * domains (`disposable-email-domains`), maintained lists rather than one typed here (decision 067).
 * Loaded on first use, then kept for the process.
 */
const personalDomains = (): ReadonlySet<string> => {
  if (!cached) {
    const require = createRequire(import.meta.url);
    cached = new Set([
      ...listSchema.parse(require('email-providers/all.json')),
      ...listSchema.parse(require('disposable-email-domains')),
    ]);
  }
  return cached;
};

/** The domain of an address when it belongs to an organisation: not free-mail, not disposable. */
export const businessDomainOf = (email: string): string | undefined => {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain || !domain.includes('.')) return undefined;
  return personalDomains().has(domain) ? undefined : domain;
};
