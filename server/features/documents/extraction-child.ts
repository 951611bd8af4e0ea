import { ExtractionError, readLetterText, type LetterKind } from './extract';
import { stopOcr } from './ocr';

// The extraction sandbox's child process (started by extraction-sandbox.ts):
// reads one letter at a time and answers with its text or why it could not.
// Anything that escapes, even an uncaught exception inside a parser, ends only
// this process; the server answers the person and starts a fresh one.

export interface ExtractionJob {
  id: number;
  kind: LetterKind;
  bytes: Uint8Array;
}

export type ExtractionAnswer =
  | { id: number; ok: true; text: string }
  | { id: number; ok: false; reason: ExtractionError['reason']; detail: string };

function answer(message: ExtractionAnswer) {
  process.send?.(message);
}

process.on('message', (job: ExtractionJob) => {
  readLetterText(job.bytes, job.kind).then(
    (text) => answer({ id: job.id, ok: true, text }),
    (error: unknown) =>
      answer({
        id: job.id,
        ok: false,
        reason: error instanceof ExtractionError ? error.reason : 'unreadable',
        detail: String(error).slice(0, 300),
      }),
  );
});

// The server went away (or closed the channel): nothing left to do.
process.on('disconnect', () => {
  void stopOcr().finally(() => process.exit(0));
});

answer({ id: 0, ok: true, text: 'ready' });
