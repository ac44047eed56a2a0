import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('starts the embedded default with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './.data',
      databaseUrl: undefined,
      secret: undefined,
    });
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('names every bad variable in one message', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_URL: 'not a url' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const { problems } = error as ConfigError;
      expect(problems.map((problem) => problem.split(':')[0])).toEqual(['PORT', 'DATABASE_URL', 'APP_URL']);
    }
  });

  it('requires SECRET when the data lives in PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/SECRET/);
  });

  it('refuses a short SECRET', () => {
    expect(() => loadConfig({ SECRET: 'short' })).toThrow(/SECRET: must be at least 32 characters/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('drops a trailing slash from APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://billbridge.example.com/' }).appUrl).toBe(
      'https://billbridge.example.com',
    );
  });

  it('sends e-mail to the dev mailbox from a local address when SMTP is not configured', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Billbridge <no-reply@localhost>');
  });

  it('accepts smtp:// and smtps:// URLs and a custom sender', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465', MAIL_FROM: 'Ops <ops@example.com>' });
    expect(config).toMatchObject({ smtpUrl: 'smtps://mailer:pw@smtp.example.com:465', mailFrom: 'Ops <ops@example.com>' });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('refuses another scheme for SMTP_URL without echoing its password', () => {
    const load = () => loadConfig({ SMTP_URL: 'https://mailer:hunter2@smtp.example.com', MAIL_FROM: 'nobody' });
    expect(load).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(load).toThrow(/MAIL_FROM: must be an address/);
    expect(load).not.toThrow(/hunter2/);
  });
});
