import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, OEM, type Worker } from 'tesseract.js';

// OCR with tesseract.js. It runs inside the extraction sandbox (a child process
// with memory and time limits, extraction-sandbox.ts), which keeps this worker
// warm between letters. Spanish and English trained data come from npm packages
// (@tesseract.js-data/spa, /eng); nothing is downloaded at run time.

const require = createRequire(import.meta.url);

/** tesseract.js wants one folder holding every language's data: we gather them once. */
function languageFolder(): string {
  const folder = path.join(os.tmpdir(), 'ayuda-tessdata-4.0.0_best_int');
  for (const lang of ['spa', 'eng']) {
    const target = path.join(folder, `${lang}.traineddata.gz`);
    if (fs.existsSync(target)) continue;
    const source = path.join(
      path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
      '4.0.0_best_int',
      `${lang}.traineddata.gz`,
    );
    fs.mkdirSync(folder, { recursive: true });
    // Copy then rename, so a process reading the folder never sees half a file.
    const partial = `${target}.${process.pid}.tmp`;
    fs.copyFileSync(source, partial);
    fs.renameSync(partial, target);
  }
  return folder;
}

let worker: Promise<Worker> | undefined;

function getWorker(): Promise<Worker> {
  worker ??= createWorker(['spa', 'eng'], OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    cacheMethod: 'none',
    gzip: true,
    // Without a handler tesseract.js rethrows a failed job (a broken image) as an
    // uncaught exception, which ends the process; the job's promise still rejects.
    errorHandler: () => undefined,
  }).catch((error: unknown) => {
    worker = undefined;
    throw error;
  });
  return worker;
}

/** Text of an image. After a failed job the worker is replaced, in case the failure left it broken. */
export async function recognizeImage(image: Buffer): Promise<string> {
  const pending = getWorker();
  const current = await pending;
  try {
    return (await current.recognize(image)).data.text;
  } catch (error) {
    if (worker === pending) {
      worker = undefined;
      void current.terminate().catch(() => undefined);
    }
    throw error;
  }
}

export async function stopOcr(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await (await current).terminate();
}
