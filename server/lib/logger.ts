import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

export type { DestinationStream, Logger };

/**
 * JSON logs in production, readable ones in development, none in tests unless
 * LOG_LEVEL asks. Never log secrets, question text, letters, phones or e-mails:
 * the code logs none of them on purpose, and as a second guard every line is
 * scrubbed of e-mail addresses, phone numbers and reset-link tokens before it
 * is written, and errors are logged without the values of failed queries.
 */
export function createLogger(
  config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>,
  /** Where the JSON lines go instead of stdout (tests read them). */
  destination?: DestinationStream,
): Logger {
  const level = config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info');
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.secret'],
      censor: '[redacted]',
    },
    serializers: { err: serializeError },
    hooks: { streamWrite: scrubLogLine },
  };
  if (destination) return pino(options, destination);
  if (config.NODE_ENV === 'development' && process.stdout.isTTY) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true } } });
  }
  return pino(options);
}

const EMAIL = /[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi;
/** US numbers in any usual writing (+1 555 555 0100, (555) 555-0100, 5555550100…), and any E.164 number. */
const PHONE =
  /(?<![\w+])(?:(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}|\+\d{8,15})(?!\w)/g;
/** better-auth's reset links carry their token in the path. */
const PATH_TOKEN = /(\/reset-password\/)[^/?#"\s]+/g;

/** Removes e-mail addresses, phone numbers and link tokens from a piece of text. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]').replace(PATH_TOKEN, '$1[redacted]');
}

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * Applied to each serialized line: only the insides of JSON strings change,
 * and the replacements hold no quote or backslash, so the line stays JSON.
 */
export function scrubLogLine(line: string): string {
  return line.replace(JSON_STRING, (literal) => scrubText(literal));
}

/** Fields of database errors that carry row values (pg's detail: "Failing row contains (…)"). */
const HIDDEN_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);
const MAX_CAUSE_DEPTH = 4;

/**
 * Like pino's error serializer (type, message, stack, own fields, causes), but
 * a failed query keeps its SQL and loses its values: drizzle puts them in the
 * message ("params: …"), and pg in `detail`.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = safeMessage(error);
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack:
      error.stack && message !== error.message ? error.stack.replace(error.message, message) : error.stack,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in out || HIDDEN_ERROR_FIELDS.has(key)) continue;
    if (value instanceof Error) {
      if (depth < MAX_CAUSE_DEPTH) out[key] = serializeError(value, depth + 1);
    } else if (key === 'options' && value && typeof value === 'object') {
      // AppError's options: the cause is logged below, once.
      const { cause: _cause, ...rest } = value as Record<string, unknown>;
      out.options = rest;
    } else {
      out[key] = value;
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function safeMessage(error: Error): string {
  if (!('params' in error)) return error.message;
  return error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}
