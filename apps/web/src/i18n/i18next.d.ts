import type { en } from './en.ts';

// Module augmentation must use `interface`; it makes `t()` accept only keys that exist in English.
// Every key is typed on the default namespace; at run time a key not in `common` is found in the
// feature namespace that holds it (`namespaces.ts`).
declare module 'i18next' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof en };
  }
}
