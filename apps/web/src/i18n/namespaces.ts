/**
 * The translations, split by feature into i18next namespaces: `en/<namespace>.ts` and
 * `zh/<namespace>.ts`, each its own chunk. `common` loads before the first render; a page loads the
 * namespaces it names in `app/page-namespaces.ts` (a page not named there loads all of them), so a
 * visitor downloads the texts of the pages they open only. Keys keep their full path (`t('dashboard.title')`):
 * a key not in `common` is looked up in the other namespaces, so moving a group between namespaces
 * changes no call site.
 */
export const namespaces = [
  'common',
  'members',
  'connections',
  'billing',
  'dashboard',
  'docs',
  'audit',
] as const;
export type Namespace = (typeof namespaces)[number];

/** The namespaces a page may need besides `common`. */
export const featureNamespaces = namespaces.filter((namespace) => namespace !== 'common');
