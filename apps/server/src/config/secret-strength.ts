/**
 * Whoever knows SECRET can forge sessions, verification and e-mail-change tokens and open every
 * stored OAuth token, so it must be random, not merely long (decision 015).
 */
export const secretHowTo = 'make one with `openssl rand -base64 48`';

/**
 * Values the repository once published: the placeholder `.env.example` carried and the defaults
 * `compose.yaml` shipped (issue 38, item 4). Anyone can read them, so they are refused wherever
 * they turn up, for every secret.
 */
const knownExamples = [
  'change-me-to-at-least-32-random-characters',
  '0d9c1e7a5b3f48e2a6c4b8d1f0e3a7c5b9d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0',
  'demo-metrics-token-change-me',
  'whsec_compose_demo_secret',
  'whsec_compose_billing_secret',
];

/** Whether the value is one the repository published. */
export const isKnownExample = (value: string): boolean =>
  knownExamples.some((example) => value.toLowerCase().includes(example));

/**
 * The share of the value spelled in word-like runs: four or more letters of one case (or one
 * capital then lower case), with vowels as words have them and a letter beyond hex's a–f. A phrase
 * like `billbridge-production-secret-2026` is mostly words; `openssl rand -hex` output never is,
 * and `-base64 48` output reaches half in about one value of 100,000 (measured).
 */
const wordShare = (value: string): number => {
  let inWords = 0;
  for (const [run] of value.matchAll(/[a-z]{4,}|[A-Z][a-z]{3,}/g)) {
    const vowels = (run.toLowerCase().match(/[aeiouy]/g) ?? []).length / run.length;
    if (vowels >= 0.25 && vowels <= 0.6 && /[g-z]/i.test(run)) inWords += run.length;
  }
  return inWords / value.length;
};

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
  if (isKnownExample(value)) {
    return `is the example value; ${secretHowTo}`;
  }
  if (/^(.{1,16}?)\1+.{0,16}$/.test(value)) {
    return `is a short pattern repeated; ${secretHowTo}`;
  }
  // Random base64 or hex of this length has 4-6 bits per character; words and keyboard walks have far less.
  if (new Set(value).size < 12 || bitsPerCharacter(value) < 3.5) {
    return `has too little randomness; ${secretHowTo}`;
  }
  if (wordShare(value) >= 0.5) {
    return `is made of words a person chose; ${secretHowTo}`;
  }
  return null;
};
