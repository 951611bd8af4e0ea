import pino, { type Logger } from 'pino';
import type { Config } from '../config';

export type { Logger };

/**
 * JSON logs in production, readable ones in development, none in tests unless
 * LOG_LEVEL asks. Never log secrets, question text, letters, phones or e-mails.
 */
export function createLogger(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>): Logger {
  const level = config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info');
  const redact = {
    paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
    censor: '[redacted]',
  };
  if (config.NODE_ENV === 'development' && process.stdout.isTTY) {
    return pino({ level, redact, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  return pino({ level, redact });
}
