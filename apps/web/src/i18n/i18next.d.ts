import type { en } from './en.ts';

// Module augmentation must use `interface`; it makes `t()` accept only keys that exist in English.
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
