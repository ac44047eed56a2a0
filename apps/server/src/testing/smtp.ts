import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it, with its text and HTML parts decoded. */
export type ReceivedMail = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
};

export type TestSmtpServer = {
  /** `smtp://user:password@127.0.0.1:port`: the credentials are checked by the server. */
  url: string;
  received: ReceivedMail[];
  logins: string[];
  close: () => Promise<void>;
};

const credentials = { username: 'billbridge', password: 'smtp-test-password' };

type Part = { headers: Record<string, string>; body: string };

const splitPart = (raw: string): Part => {
  const separator = raw.indexOf('\r\n\r\n');
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
};

const decodeQuotedPrintable = (value: string): string => {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

const decodeBody = ({ headers, body }: Part): string => {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
};

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
const decodeHeader = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

/** The leaf parts of a (possibly multipart) message. */
const leafParts = (part: Part): Part[] => {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
  if (!boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\r\n/, ''))));
};

export const parseMail = (raw: string, envelope: { from: string; to: string[] }): ReceivedMail => {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const partOf = (type: string) =>
    parts.find((part) => (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
  const text = partOf('text/plain');
  const html = partOf('text/html');
  return {
    envelopeFrom: envelope.from,
    envelopeTo: envelope.to,
    headers: message.headers,
    subject: decodeHeader(message.headers.subject ?? ''),
    text: text ? decodeBody(text) : '',
    html: html ? decodeBody(html) : '',
  };
};

/** A real SMTP server on a free local port (plain SMTP with AUTH, no STARTTLS), for one test file. */
export const startSmtpServer = async (): Promise<TestSmtpServer> => {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username !== credentials.username || auth.password !== credentials.password) {
        callback(new Error('Invalid username or password'));
        return;
      }
      logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        received.push(parseMail(Buffer.concat(chunks).toString('utf8'), { from, to }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${credentials.username}:${credentials.password}@127.0.0.1:${port}`,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
