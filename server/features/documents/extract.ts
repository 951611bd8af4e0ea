import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';
import { AppError } from '../../lib/errors';
import { FORMS } from '../../knowledge/forms';
import { recognizeImage } from './ocr';
import { zipLooksSafe } from './zip-guard';

export const INVALID_TYPE_MESSAGE = 'Por favor selecciona un archivo PDF, DOC, DOCX o imagen';
export const UNREADABLE_MESSAGE = 'Error al procesar la imagen. Intenta nuevamente.';
export const TOO_COMPLEX_MESSAGE = 'Error interno del sistema. Intenta con una imagen más pequeña.';

export type LetterKind = 'pdf' | 'docx' | 'doc' | 'image';

/** The real type, from the file's first bytes; the name and the declared type are not trusted. */
export async function detectKind(bytes: Buffer): Promise<LetterKind> {
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

export async function extractLetterText(bytes: Buffer, kind: LetterKind): Promise<string> {
  try {
    switch (kind) {
      case 'pdf': {
        const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
          mergePages: true,
        });
        return text.trim();
      }
      case 'docx': {
        if (!zipLooksSafe(bytes))
          throw new AppError('payload_too_large', 413, TOO_COMPLEX_MESSAGE, {
            logMessage: 'DOCX refused: unpacks too big',
          });
        return (await mammoth.extractRawText({ buffer: bytes })).value.trim();
      }
      case 'doc':
        return (await new WordExtractor().extract(bytes)).getBody().trim();
      case 'image':
        return fixFormNumbers((await recognizeImage(bytes)).trim());
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unsupported_media_type', 422, UNREADABLE_MESSAGE, {
      logMessage: `could not read ${kind}`,
      cause: error,
    });
  }
}
