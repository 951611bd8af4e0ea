// npm run forms:upload -- FILE.pdf [FILE.pdf …]
// Puts official form PDFs into storage (DATA_DIR/storage or the S3 bucket),
// where the forms catalogue finds them by their normalised name (SPEC.md §9).
// It touches storage only, never the database, so it runs beside the server.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { normalizeFormName } from '../common/forms';
import { ConfigError, loadConfig } from '../server/config';
import { FORMS } from '../server/knowledge/forms';
import { createStorageProvider } from '../server/providers/storage/index';
import { FORMS_PREFIX } from '../server/features/forms/forms.routes';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run forms:upload -- FILE.pdf [FILE.pdf …]');
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
// Listing and uploading need no signing secret.
const storage = createStorageProvider(config, 'unused-for-uploads');
const known = new Map([...FORMS.keys()].map((n) => [normalizeFormName(n), n]));

let failed = false;
for (const file of files) {
  const bytes = await fs.readFile(file);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') {
    console.error(`${file}: not a PDF, skipped`);
    failed = true;
    continue;
  }
  const name = path.basename(file).replace(/[^A-Za-z0-9._-]/g, '_');
  const form = known.get(normalizeFormName(name));
  await storage.put(`${FORMS_PREFIX}/${name}`, bytes, 'application/pdf');
  console.log(form ? `${file} → ${form}` : `${file}: stored, but no form in the catalogue matches "${name}"`);
}
process.exit(failed ? 1 : 0);
