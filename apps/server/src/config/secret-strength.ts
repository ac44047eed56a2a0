/**
 * Whoever knows SECRET can forge sessions, verification and e-mail-change tokens and open every
 * stored OAuth token, so it must be random, not merely long (decision 015).
 */
export const secretHowTo = 'make one with `openssl rand -base64 48`';

/** The placeholder `.env.example` once carried; still refused wherever it turns up. */
const knownExamples = ['change-me-to-at-least-32-random-characters'];

/** Shannon entropy of the string's characters, in bits per character. */
const bitsPerCharacter = (value: string): number => {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
};

/** The reason a SECRET is refused, or null when it looks random enough. */
export const weakSecretReason = (value: string): string | null => {
  if (knownExamples.some((example) => value.toLowerCase().includes(example))) {
    return `is the example value; ${secretHowTo}`;
  }
  if (/^(.{1,16}?)\1+.{0,16}$/.test(value)) {
    return `is a short pattern repeated; ${secretHowTo}`;
  }
  // Random base64 or hex of this length has 4-6 bits per character; words and keyboard walks have far less.
  if (new Set(value).size < 12 || bitsPerCharacter(value) < 3.5) {
    return `has too little randomness; ${secretHowTo}`;
  }
  return null;
};
