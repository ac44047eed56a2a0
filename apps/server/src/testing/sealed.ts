import type { AppContext } from '../context.ts';
import { sealedAt } from '../security/secret-box.ts';

type TokenColumn = 'accessTokenSealed' | 'refreshTokenSealed';
type SealedRow = { id: string } & Partial<Record<TokenColumn, string | null>>;
const columnNames: Record<TokenColumn, string> = {
  accessTokenSealed: 'access_token_sealed',
  refreshTokenSealed: 'refresh_token_sealed',
};

/** A stored token of a destination row, opened the way the product opens it. */
export const openStoredToken = (
  context: AppContext,
  table: 'destination',
  row: SealedRow | undefined,
  column: TokenColumn,
): string =>
  context.secretBox.open(row?.[column] ?? '', sealedAt(table, columnNames[column], row?.id ?? '')).value;

/** Seals a token for a row the way the product stores it. */
export const sealForRow = (
  context: AppContext,
  table: 'destination',
  rowId: string,
  column: TokenColumn,
  token: string,
): string => context.secretBox.seal(token, sealedAt(table, columnNames[column], rowId));
