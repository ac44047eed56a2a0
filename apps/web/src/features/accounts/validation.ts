/** Spec §9: the client's minimum; the server's policy may be stricter and then speaks for itself. */
export const minPasswordLength = 6;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => emailPattern.test(value.trim());
