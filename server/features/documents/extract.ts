import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';
import { AppError } from '../../lib/errors';
import { FORMS } from '../../knowledge/forms';
import { recognizeImage } from './ocr';
import { zipLooksSafe } from './zip-guard';

// What a letter says, as plain text. readLetterText runs inside the extraction
// sandbox (extraction-sandbox.ts), a child process with memory and time limits,
// because the parsers (pdf.js, mammoth, tesseract) can be made to use gigabytes
// or crash by a few crafted bytes; only detectKind runs in the server itself.

export const INVALID_TYPE_MESSAGE = 'Por favor selecciona un archivo PDF, DOC, DOCX o imagen';
/** SPEC §8's default for a letter that cannot be read. */
export const UNREADABLE_MESSAGE = 'Error al procesar la imagen. Intenta nuevamente.';
/** SPEC §8's message for an image too big to process. */
export const IMAGE_TOO_COMPLEX_MESSAGE = 'Error interno del sistema. Intenta con una imagen más pequeña.';
/** SPEC §8's timeout message. */
export const TIMEOUT_MESSAGE = 'El procesamiento tomó demasiado tiempo. Intenta con una imagen más pequeña.';
/** A PDF or Word file far bigger inside than any letter. */
export const DOCUMENT_TOO_COMPLEX_MESSAGE =
  'Este archivo es demasiado grande o complejo para ser una carta. Sube solo las páginas de la carta (un PDF corto o una foto de cada página).';

/** A letter is a few pages: past this many, the rest is not read. */
export const MAX_LETTER_PAGES = 20;
/** And past this many characters, the rest is not kept (about 15 dense pages). */
export const MAX_LETTER_TEXT_CHARS = 60_000;

export type LetterKind = 'pdf' | 'docx' | 'doc' | 'image';

/** The real type, from the file's first bytes; the name and the declared type are not trusted. */
export async function detectKind(bytes: Uint8Array): Promise<LetterKind> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf') return 'pdf';
  if (type?.ext === 'docx') return 'docx';
  if (type?.ext === 'cfb') return 'doc'; // the OLE container of .doc files; word-extractor checks the rest
  if (type?.mime.startsWith('image/') && ['png', 'jpg', 'webp', 'gif', 'bmp', 'tif'].includes(type.ext))
    return 'image';
  throw new AppError('unsupported_media_type', 415, INVALID_TYPE_MESSAGE);
}

/** OCR often reads "I-589" as "1-589": put the letter back where it names a form we know. */
export function fixFormNumbers(text: string): string {
  return text.replace(/\b[1l|]-(\d{2,3}[A-Z]?)\b/g, (match, rest: string) =>
    FORMS.has(`I-${rest}`) ? `I-${rest}` : match,
  );
}

/** Why a letter's text could not be had; the server turns each into its Spanish answer. */
export type ExtractionFailure = 'unreadable' | 'too_complex' | 'timeout';

export class ExtractionError extends Error {
  constructor(
    readonly reason: ExtractionFailure,
    detail: string,
  ) {
    super(detail);
  }
}

const capText = (text: string) => text.trim().slice(0, MAX_LETTER_TEXT_CHARS);

/** The text of the first pages of a PDF, stopping once there is more than a letter's worth. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_LETTER_PAGES); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('');
      pages.push(text);
      length += text.length;
      page.cleanup();
      if (length > MAX_LETTER_TEXT_CHARS) break;
    }
    // As unpdf's extractText({ mergePages: true }) joins them.
    return pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  } finally {
    await pdf.destroy();
  }
}

/** Plain text of a letter, at most MAX_LETTER_TEXT_CHARS. Throws ExtractionError. */
export async function readLetterText(bytes: Uint8Array, kind: LetterKind): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (kind) {
      case 'pdf':
        return capText(await pdfText(new Uint8Array(buffer)));
      case 'docx':
        if (!zipLooksSafe(buffer)) throw new ExtractionError('too_complex', 'DOCX unpacks too big');
        return capText((await mammoth.extractRawText({ buffer })).value);
      case 'doc':
        return capText((await new WordExtractor().extract(buffer)).getBody());
      case 'image':
        return capText(fixFormNumbers(await recognizeImage(buffer)));
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('unreadable', `could not read ${kind}: ${String(error).slice(0, 200)}`);
  }
}
