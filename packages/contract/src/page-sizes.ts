/**
 * Spec §9: page sizes of every paginated list. Apart from the schemas (`members.ts`), so the web
 * app's entry can name a first page to fetch ahead without loading zod (decision 050).
 */
export const pageSizes = [10, 20, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];
export const defaultPageSize: PageSize = 10;
