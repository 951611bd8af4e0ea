import type { Context } from 'hono';
import { z } from 'zod';
import { AppError, BAD_REQUEST_MESSAGE, INVALID_CHARACTERS_MESSAGE } from './errors';

const MISSING_MESSAGE = 'Falta un dato. Revisa el formulario e inténtalo de nuevo.';
const WRONG_VALUE_MESSAGE = 'Un dato no es válido. Revisa el formulario e inténtalo de nuevo.';

/**
 * zod's own messages, where a schema names none, in plain Spanish for a person:
 * no type names ('se esperaba string, recibido undefined'), no field keys.
 * Our schemas set the SPEC.md §5 wording where it names one.
 */
export const plainSpanishError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? MISSING_MESSAGE : WRONG_VALUE_MESSAGE;
    case 'too_big':
      if (issue.origin === 'string')
        return `El texto es muy largo: usa como máximo ${String(issue.maximum)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return 'Hay demasiados elementos.';
      return 'El número es demasiado grande.';
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? MISSING_MESSAGE
          : `El texto es muy corto: usa al menos ${String(issue.minimum)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return 'Faltan elementos.';
      return 'El número es demasiado pequeño.';
    case 'invalid_format':
      return issue.format === 'email'
        ? 'Por favor ingresa un correo electrónico válido'
        : 'Un dato no tiene el formato correcto.';
    case 'unrecognized_keys':
      return 'La solicitud trae datos que no esperábamos.';
    case 'invalid_value':
      return 'Elige una de las opciones válidas.';
    default:
      return BAD_REQUEST_MESSAGE;
  }
};
z.config({ localeError: plainSpanishError });

/**
 * True when a string anywhere in a parsed JSON value (keys included) holds a
 * NUL character, which PostgreSQL cannot store in text. Iterative: JSON
 * nested a hundred thousand levels deep must not overflow the stack.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      // One by one: spreading half a million items would overflow the stack too.
      for (const child of item) stack.push(child);
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** The same check on a raw body (JSON or form-encoded), for handlers that parse it themselves. */
export function bodyCarriesNul(text: string, contentType = ''): boolean {
  if (text.includes('\u0000')) return true;
  if (/x-www-form-urlencoded/i.test(contentType)) {
    try {
      return [...new URLSearchParams(text)].some(([key, value]) => containsNul([key, value]));
    } catch {
      return false;
    }
  }
  // Only a JSON escape can spell NUL in JSON text; parse only when one may be there.
  if (!/\\u0000/i.test(text)) return false;
  try {
    return containsNul(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Reads and validates a JSON body; the first problem's Spanish message is the answer. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 400, BAD_REQUEST_MESSAGE);
  }
  if (containsNul(body)) throw new AppError('bad_request', 400, INVALID_CHARACTERS_MESSAGE);
  return parseInput(schema, body);
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = parsed.error.issues[0];
  throw new AppError('validation_failed', 400, first ? first.message : BAD_REQUEST_MESSAGE, { fields });
}
