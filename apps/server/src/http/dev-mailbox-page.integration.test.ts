import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../main/start-worker.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signUpUser } from '../testing/users.ts';
import { waitFor } from '../testing/wait.ts';

describe('the dev mailbox page in the sandbox', () => {
  let t: TestApp;
  let stopWorker: () => void;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
    stopWorker = await startWorker(t.context);
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  it('shows every kept e-mail with its links clickable', async () => {
    const user = await signUpUser(t.app, { name: '<b>Bold</b>', email: 'newcomer@example.com' });
    const page = await waitFor(
      async () => {
        const response = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${user.email}` });
        return response.body.includes('Verify your email') && response;
      },
      { what: 'the verification e-mail on the dev mailbox page' },
    );
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(
      /<a href="http:\/\/localhost:3000\/auth\/action\?mode=verifyEmail&amp;oobCode=[^"]+">/,
    );
    // The name is escaped, and quoted with zero-width spaces so no mail client links it.
    expect(page.body.replaceAll('\u200b', '')).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    expect(page.body).not.toContain('<b>Bold</b>');
  });

  it('answers only to this machine: another host gets 404, whatever X-Forwarded-For claims', async () => {
    await signUpUser(t.app, { email: 'victim@example.com' });
    const urls = ['/dev/mailbox', '/dev/mailbox?to=victim@example.com', '/api/dev/mailbox', '/api/sandbox'];
    for (const url of urls) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.7', headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('victim@example.com');
      }
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
    }
  });

  it('answers no Host but loopback names and APP_URL’s, so a page rebinding its name to 127.0.0.1 reads nothing', async () => {
    await signUpUser(t.app, { email: 'rebound@example.com' });
    for (const host of ['attacker.example:4400', 'attacker.example', 'localhost.attacker.example']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { host } });
      expect(response.statusCode, host).toBe(421);
      expect(response.body).not.toContain('rebound@example.com');
    }
    for (const host of ['localhost:3000', '127.0.0.1:4400', '[::1]:3000', 'LOCALHOST']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
  });
});

describe('outside the sandbox', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SANDBOX: 'false', SMTP_URL: smtp.url, SOCIAL_PROVIDERS: 'none' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('has no dev mailbox, neither the page nor the listing', async () => {
    await signUpUser(t.app, { email: 'private@example.com' });
    for (const url of ['/dev/mailbox', '/api/dev/mailbox', '/dev/mailbox?to=private@example.com']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('private@example.com');
    }
  });
});
