/** The first letter of the name (or of the e-mail when there is no name), upper-cased. */
export const initialOf = (name: string, email = ''): string =>
  (name.trim() || email.trim()).charAt(0).toUpperCase();
