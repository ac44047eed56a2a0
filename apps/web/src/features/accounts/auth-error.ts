/** The server's own words when better-auth refuses (spec §8: the failure key plus the server message). */
export const authErrorMessage = (error: unknown): string | undefined => {
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message || undefined;
  }
  return undefined;
};
