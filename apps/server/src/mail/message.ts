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
