/**
 * The spec about an old sign-in runs against its own server whose sign-ins stop being recent
 * (AUTH_FRESH_AGE) after this many seconds: long enough to sign in again and save, short enough to
 * outwait — the main server keeps the product's default for every other flow.
 */
export const staleAfterSeconds = 12;
