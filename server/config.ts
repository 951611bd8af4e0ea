import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PLANS } from '../common/constants';

// The only place that reads process.env. Every variable is validated once at
// start-up; a bad value stops the server with one line naming the variable.

const optionalString = z.string().trim().min(1).optional();
const optionalUrl = z.url({ message: 'must be a URL such as https://example.com' }).optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    PORT: z.coerce
      .number({ message: 'must be an integer from 0 to 65535' })
      .int({ message: 'must be an integer from 0 to 65535' })
      .min(0, { message: 'must be an integer from 0 to 65535' })
      .max(65535, { message: 'must be an integer from 0 to 65535' })
      .default(3000),
    DATA_DIR: z.string().trim().min(1).default('./.data'),
    /** Server processes sharing the port: a whole number, or auto for one per core. */
    WORKERS: z
      .string()
      .trim()
      .regex(/^(auto|[1-9]\d?)$/, { message: 'must be auto or a whole number from 1 to 99' })
      .default('1')
      .transform((v) => (v === 'auto' ? os.availableParallelism() : Number(v))),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
    AUTH_SECRET: z
      .string()
      .trim()
      .min(32, { message: 'must be at least 32 characters (try: openssl rand -base64 32)' })
      .optional(),
    PUBLIC_URL: optionalUrl,
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl,
    AI_MODEL: z.string().trim().min(1).default('gpt-4o'),
    AI_HELPER_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    AI_TRANSCRIBE_MODEL: z.string().trim().min(1).default('whisper-1'),
    ELEVENLABS_API_KEY: optionalString,
    ELEVENLABS_BASE_URL: z.url({ message: 'must be a URL' }).default('https://api.elevenlabs.io'),
    ELEVENLABS_VOICE_ID: z.string().trim().min(1).default('21m00Tcm4TlvDq8ikWAM'),
    ELEVENLABS_MODEL: z.string().trim().min(1).default('eleven_turbo_v2_5'),
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: optionalString,
    TWILIO_BASE_URL: z.url({ message: 'must be a URL' }).default('https://api.twilio.com'),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Ayuda Inmigración <no-reply@localhost>'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_API_URL: optionalUrl,
    /**
     * sandbox or stripe. Unset, it follows STRIPE_SECRET_KEY; in production the
     * sandbox (which grants memberships for test cards) must be asked for by name.
     */
    PAYMENTS: z.enum(['sandbox', 'stripe'], { message: 'must be sandbox or stripe' }).optional(),
    /**
     * Proxies in front of the server (a load balancer: 1). Their X-Forwarded-For
     * gives the client's address; 0 ignores the header, as it can be forged.
     */
    TRUST_PROXY: z.coerce
      .number({ message: 'must be a whole number from 0 to 10' })
      .int({ message: 'must be a whole number from 0 to 10' })
      .min(0, { message: 'must be a whole number from 0 to 10' })
      .max(10, { message: 'must be a whole number from 0 to 10' })
      .default(0),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
    DEFAULT_PLAN: z.enum(PLANS, { message: 'must be FREE or UNLIMITED' }).default('UNLIMITED'),
    HELPED_BASELINE: z.coerce
      .number({ message: 'must be a whole number' })
      .int({ message: 'must be a whole number' })
      .nonnegative({ message: 'must be a whole number' })
      .default(5300),
  })
  .superRefine((env, ctx) => {
    if (env.WORKERS > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'above 1 needs DATABASE_URL: the embedded database serves one process',
      });
    }
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when DATABASE_URL is set, since every instance must share it',
      });
    }
    const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const;
    if (twilio.some((k) => env[k]) && !twilio.every((k) => env[k])) {
      for (const key of twilio.filter((k) => !env[k])) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any TWILIO_* is set' });
      }
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when STRIPE_SECRET_KEY is set' });
        }
      }
    }
    if (env.PAYMENTS === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required when PAYMENTS=stripe',
      });
    }
    if (env.PAYMENTS === 'sandbox' && env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message: 'is sandbox while STRIPE_SECRET_KEY is set',
      });
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && env.PAYMENTS !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production (without it the sandbox grants memberships for test cards; set PAYMENTS=sandbox to run it on purpose)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with its pair' });
    }
  });

type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** PUBLIC_URL, or http://localhost:PORT. Sessions trust this origin. */
  publicUrl: string;
  isProduction: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Blank values (`KEY=` in a .env file) count as unset. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      const given = env[key];
      const shown = given === undefined || isSecretName(key) ? '' : ` (got "${given}")`;
      return `${key} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const data = parsed.data;
  return {
    ...data,
    dataDir: path.resolve(cwd, data.DATA_DIR),
    publicUrl: (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, ''),
    isProduction: data.NODE_ENV === 'production',
  };
}

/**
 * What a production server runs with that only suits a trial: logged at start,
 * one line each, so an operator sees it before users do.
 */
export function productionWarnings(config: Config): string[] {
  if (!config.isProduction) return [];
  const warnings: string[] = [];
  if (!config.STRIPE_SECRET_KEY)
    warnings.push('PAYMENTS=sandbox: no money moves and test cards get a membership');
  if (!config.TWILIO_ACCOUNT_SID)
    warnings.push('No TWILIO_*: sign-in codes are written to the outbox file, not sent by SMS');
  if (!config.SMTP_URL)
    warnings.push('No SMTP_URL: e-mails (password reset, notices) are written to the outbox file, not sent');
  if (!config.publicUrl.startsWith('https://'))
    warnings.push(`PUBLIC_URL is not https (${config.publicUrl}): session cookies travel unencrypted`);
  return warnings;
}

/** Names whose values must never be echoed back, even in an error line. */
export function isSecretName(key: string): boolean {
  return /KEY|SECRET|TOKEN|PASSWORD|DATABASE_URL|SMTP_URL/.test(key);
}
