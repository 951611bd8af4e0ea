import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../lib/logger';

export interface OutboxEntry {
  to: string;
  text: string;
  subject?: string;
  code?: string;
}

/**
 * The offline stand-in for SMS and e-mail: every message becomes one JSON line
 * in DATA_DIR/outbox/<channel>.jsonl, so a person running the app locally (and
 * the tests) can read the code or link and finish the flow.
 */
export function createOutbox(dataDir: string, channel: 'sms' | 'email', logger: Logger) {
  const file = path.join(dataDir, 'outbox', `${channel}.jsonl`);
  return {
    file,
    async append(entry: OutboxEntry): Promise<void> {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const line = JSON.stringify({ ...entry, at: new Date().toISOString() });
      await fs.appendFile(file, `${line}\n`, { mode: 0o600 });
      // The recipient and the code stay out of the log: they are personal data.
      logger.info({ channel, file }, `${channel} message written to the outbox`);
    },
  };
}

/** Reads an outbox file back (tests and local tools). */
export async function readOutbox(file: string): Promise<Array<OutboxEntry & { at: string }>> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry & { at: string });
}
