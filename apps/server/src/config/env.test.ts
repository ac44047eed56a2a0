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
});
