// npm run feedback:export > feedback.csv
// Prints the survey answers and the contact messages as CSV for the product
// owner. With the embedded database it takes the same folder lock as the
// server, so run it while the server is stopped (or use DATABASE_URL).
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { OPEN_QUESTION_IDS, RATING_IDS } from '../common/feedback';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { acquireDataDirLock, DataDirLockedError } from '../server/db/lock';
import { feedback, userFeedback } from '../server/db/schema/index';

/** RFC 4180 quoting, and no formula injection when opened in a spreadsheet. */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const row = (cells: unknown[]) => cells.map(csvCell).join(',');

async function main() {
  const config = loadConfig();
  let release: (() => void) | undefined;
  const database = config.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: config.DATABASE_URL })
    : await (async () => {
        release = acquireDataDirLock(config.dataDir);
        return openDatabase({ driver: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
      })();
  try {
    await database.migrate();
    const surveys = await database.db.select().from(feedback).orderBy(asc(feedback.createdAt));
    console.log('# survey');
    console.log(row(['created_at', ...RATING_IDS, ...OPEN_QUESTION_IDS, 'additional_comments']));
    for (const s of surveys) {
      console.log(
        row([
          s.createdAt,
          ...RATING_IDS.map((id) => s.ratings[id]),
          ...OPEN_QUESTION_IDS.map((id) => s.answers[id]),
          s.additionalComments,
        ]),
      );
    }
    const messages = await database.db.select().from(userFeedback).orderBy(asc(userFeedback.createdAt));
    console.log('\n# contact');
    console.log(row(['created_at', 'first_name', 'last_name', 'email', 'message']));
    for (const m of messages) console.log(row([m.createdAt, m.firstName, m.lastName, m.email, m.message]));
  } finally {
    await database.close();
    release?.();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
