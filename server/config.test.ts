import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionWarnings } from './config';

describe('loadConfig', () => {
  it('needs nothing on a development machine and applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.PORT).toBe(3000);
    expect(config.dataDir).toBe('/srv/app/.data');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.DEFAULT_PLAN).toBe('UNLIMITED');
    expect(config.HELPED_BASELINE).toBe(5300);
    expect(config.AI_MODEL).toBe('gpt-4o');
    expect(config.AI_HELPER_MODEL).toBe('gpt-4o-mini');
    expect(config.isProduction).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WORKERS).toBe(1);
  });

  it('reads good values and derives the public URL from PORT', () => {
    const config = loadConfig({
      PORT: '8080',
      DEFAULT_PLAN: 'FREE',
      HELPED_BASELINE: '10',
      DATA_DIR: '/var/lib/app',
      DATABASE_URL: 'postgres://u@db/app',
      AUTH_SECRET: 'x'.repeat(32),
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DEFAULT_PLAN).toBe('FREE');
    expect(config.HELPED_BASELINE).toBe(10);
    expect(config.dataDir).toBe('/var/lib/app');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.isProduction).toBe(true);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('keeps PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://ayuda.example.org/' }).publicUrl).toBe(
      'https://ayuda.example.org',
    );
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '', OPENAI_API_KEY: '  ', DEFAULT_PLAN: '' });
    expect(config.PORT).toBe(3000);
    expect(config.OPENAI_API_KEY).toBeUndefined();
    expect(config.DEFAULT_PLAN).toBe('UNLIMITED');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be an integer from 0 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    [{ DEFAULT_PLAN: 'GOLD' }, /DEFAULT_PLAN must be FREE or UNLIMITED \(got "GOLD"\)/],
    [{ OPENAI_BASE_URL: 'not a url' }, /OPENAI_BASE_URL must be a URL/],
    [{ DATABASE_URL: 'mysql://db' }, /DATABASE_URL must start with postgres:\/\//],
    [{ HELPED_BASELINE: '-5' }, /HELPED_BASELINE must be a whole number/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('requires AUTH_SECRET when DATABASE_URL is set, since instances share sessions', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db/app' })).toThrowError(
      /AUTH_SECRET is required when DATABASE_URL is set/,
    );
  });

  it('runs several worker processes only over PostgreSQL, and auto means one per core', () => {
    const postgres = { DATABASE_URL: 'postgres://u@db/app', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...postgres, WORKERS: '3' }).WORKERS).toBe(3);
    expect(loadConfig({ ...postgres, WORKERS: 'auto' }).WORKERS).toBe(os.availableParallelism());
    expect(() => loadConfig({ WORKERS: '2' })).toThrowError(
      'Invalid configuration: WORKERS above 1 needs DATABASE_URL: the embedded database serves one process',
    );
    expect(() => loadConfig({ ...postgres, WORKERS: '0' })).toThrowError(
      'WORKERS must be auto or a whole number from 1 to 99 (got "0")',
    );
  });

  it('names every missing partner of a partial provider configuration', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrowError(
      /TWILIO_AUTH_TOKEN is required.*TWILIO_FROM_NUMBER is required/,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrowError(
      /STRIPE_WEBHOOK_SECRET is required/,
    );
  });

  it('in production, refuses to start with the sandbox payments unless asked for by name, and warns', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      /^Invalid configuration: STRIPE_SECRET_KEY is required in production .*PAYMENTS=sandbox/,
    );
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrowError(
      /STRIPE_SECRET_KEY is required when PAYMENTS=stripe/,
    );
    const trial = loadConfig({
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      PUBLIC_URL: 'http://ayuda.example',
    });
    expect(productionWarnings(trial)).toEqual([
      expect.stringContaining('PAYMENTS=sandbox'),
      expect.stringContaining('No TWILIO_*'),
      expect.stringContaining('No SMTP_URL'),
      expect.stringContaining('PUBLIC_URL is not https'),
    ]);
    const real = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://ayuda.example',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM_NUMBER: '+15555550100',
      SMTP_URL: 'smtps://u:p@mail.example',
    });
    expect(productionWarnings(real)).toEqual([]);
    expect(productionWarnings(loadConfig({}))).toEqual([]);
  });

  it('never echoes a secret value back in the error line', () => {
    try {
      loadConfig({ AUTH_SECRET: 'short-but-secret' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('AUTH_SECRET must be at least 32 characters');
      expect((error as Error).message).not.toContain('short-but-secret');
    }
  });
});
