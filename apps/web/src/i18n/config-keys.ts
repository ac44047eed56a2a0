import type { ParseKeys } from 'i18next';

/**
 * A translation key named by the contract's configuration (plan titles and features, permission
 * labels, setting labels), which types it as a plain string. `config-keys.test.ts` checks that every
 * such key exists in both languages.
 */
export const configKey = (key: string): ParseKeys => key as ParseKeys;
