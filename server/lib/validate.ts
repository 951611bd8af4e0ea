import type { Context } from 'hono';
import { z } from 'zod';
import { AppError, BAD_REQUEST_MESSAGE } from './errors';

// zod's own messages (wrong type, unknown field…) in Spanish; our schemas set
// the SPEC.md §5 wording where it names one.
z.config(z.locales.es());

/** Reads and validates a JSON body; the first problem's Spanish message is the answer. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 400, BAD_REQUEST_MESSAGE);
  }
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
