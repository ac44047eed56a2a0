import { z } from 'zod';

/** One e-mail as the `mail.send` job carries it: rendered before it is queued, in its reader's language. */
export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(998),
  text: z.string(),
  html: z.string().optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailLanguages = ['en', 'zh'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

/** A profile's language as a mail template language: Chinese for any `zh*`, English otherwise. */
export const mailLanguageOf = (language: string | null | undefined): MailLanguage =>
  language?.toLowerCase().startsWith('zh') ? 'zh' : 'en';

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Names and workspace titles are user input: escaped before they enter an HTML body. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);

/** A header must stay one line whatever a user typed into a name. */
export const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * A name a user chose, quoted in a mail to someone else: one line, at most `max` characters, with a
 * zero-width space after every `.`, `:`, `/` and `@`, so no mail client turns "evil.example/login"
 * into a link that seems to come from us. Read as plain text it looks unchanged.
 */
export const unlinkable = (value: string, max = 100): string => {
  const line = oneLine(value);
  const short = [...line].length > max ? `${[...line].slice(0, max - 1).join('')}…` : line;
  return short.replace(/([.:/@])/g, '$1\u200b');
};
