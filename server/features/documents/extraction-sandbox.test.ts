import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { docx } from '../../test/docx';
import { pdfBomb } from '../../test/hostile-files';
import { DOCUMENT_TOO_COMPLEX_MESSAGE, UNREADABLE_MESSAGE } from './extract';
import { BUSY_MESSAGE, createExtractionSandbox, type ExtractionSandbox } from './extraction-sandbox';

let sandbox: ExtractionSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const LETTER = 'Request for Evidence. Notice Date: 01/15/2026.';

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('extraction sandbox', () => {
  it('reads a letter in a child process, not in this one', async () => {
    sandbox = createExtractionSandbox();
    expect(await sandbox.read(await docx(LETTER), 'docx')).toBe(LETTER);
    expect(sandbox.pid()).toBeGreaterThan(0);
    expect(sandbox.pid()).not.toBe(process.pid);
  });

  it('stops a job past its time limit and reads the next one in a fresh child', async () => {
    sandbox = createExtractionSandbox({ timeLimitMs: { image: 60_000, document: 300 } });
    const error = await failureOf(sandbox.read(pdfBomb(100), 'pdf'));
    expect(error.status).toBe(422);
    expect(error.message).toBe(DOCUMENT_TOO_COMPLEX_MESSAGE);
    expect(error.options.logMessage).toMatch(/time limit/);
    const first = sandbox.pid();
    expect(first).toBeUndefined();
    expect(await sandbox.read(await docx(LETTER), 'docx')).toBe(LETTER);
  });

  it('stops a job past its memory limit', async () => {
    sandbox = createExtractionSandbox({ memoryLimitMb: 400 });
    const error = await failureOf(sandbox.read(pdfBomb(200), 'pdf'));
    expect(error.status).toBe(413);
    expect(error.options.logMessage).toMatch(/memory \d+ MB/);
  });

  it('answers 422 when the child dies in the middle of a letter', async () => {
    sandbox = createExtractionSandbox();
    await sandbox.read(await docx(LETTER), 'docx');
    const pending = sandbox.read(pdfBomb(100), 'pdf');
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(sandbox.pid()!, 'SIGKILL');
    const error = await failureOf(pending);
    expect(error.status).toBe(422);
    expect(error.message).toBe(UNREADABLE_MESSAGE);
    expect(await sandbox.read(await docx(LETTER), 'docx')).toBe(LETTER);
  });

  it('answers every letter, never hangs, when the child cannot even start', async () => {
    // A heap too small for Node itself: the child dies before it is ready.
    sandbox = createExtractionSandbox({ heapLimitMb: 1 });
    const bytes = await docx(LETTER);
    const [first, second] = await Promise.all([
      failureOf(sandbox.read(bytes, 'docx')),
      failureOf(sandbox.read(bytes, 'docx')),
    ]);
    expect(first.status).toBe(500);
    expect(second.status).toBe(500);
  });

  it('reads one letter at a time and refuses more than the queue holds, with Retry-After', async () => {
    sandbox = createExtractionSandbox({ maxQueued: 1 });
    const bytes = await docx(LETTER);
    const first = sandbox.read(bytes, 'docx');
    const second = sandbox.read(bytes, 'docx');
    const refused = await failureOf(sandbox.read(bytes, 'docx'));
    expect(refused.status).toBe(503);
    expect(refused.message).toBe(BUSY_MESSAGE);
    expect(refused.options.retryAfter).toBeGreaterThan(0);
    expect(await Promise.all([first, second])).toEqual([LETTER, LETTER]);
  });
});
