import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { AppError } from '../../lib/errors';

// OCR with tesseract.js, which runs in its own worker thread, off the request
// thread. Spanish and English trained data come from npm packages
// (@tesseract.js-data/spa, /eng); nothing is downloaded at run time.

export const OCR_TIMEOUT_MESSAGE =
  'El procesamiento tomó demasiado tiempo. Intenta con una imagen más pequeña.';
export const OCR_TIME_LIMIT_MS = 60_000;

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
    fs.copyFileSync(source, target);
  }
  return folder;
}

let worker: Promise<Worker> | undefined;

function getWorker(): Promise<Worker> {
  worker ??= createWorker(['spa', 'eng'], OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    cacheMethod: 'none',
    gzip: true,
  }).catch((error: unknown) => {
    worker = undefined;
    throw error;
  });
  return worker;
}

/** Text of an image. A job longer than the limit stops the worker and answers the §8 timeout message. */
export async function recognizeImage(image: Buffer, timeLimitMs = OCR_TIME_LIMIT_MS): Promise<string> {
  const pending = getWorker();
  const current = await pending;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('provider_error', 504, OCR_TIMEOUT_MESSAGE, { logMessage: 'OCR timed out' })),
      timeLimitMs,
    );
  });
  try {
    const result = await Promise.race([current.recognize(image), timeout]);
    return result.data.text;
  } catch (error) {
    if (error instanceof AppError) {
      // The stuck job would block every later one: start over with a fresh
      // worker, unless another job already did.
      if (worker === pending) {
        worker = undefined;
        void current.terminate().catch(() => undefined);
      }
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export async function stopOcr(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await (await current).terminate();
}
