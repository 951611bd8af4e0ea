import { UPLOAD_MAX_BYTES } from '@common/constants';

const EXTENSIONS = /\.(pdf|doc|docx|jpe?g|png|gif|webp|bmp|tiff?)$/i;
const TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** SPEC.md §5 upload rules, checked in the browser first (the server checks the bytes again). */
export function checkLetterFile(file: File): 'ok' | 'invalid-type' | 'too-large' {
  if (!(TYPES.includes(file.type) || file.type.startsWith('image/') || EXTENSIONS.test(file.name)))
    return 'invalid-type';
  if (file.size > UPLOAD_MAX_BYTES) return 'too-large';
  return 'ok';
}

/** The text file of SPEC.md §7: original name, translation, description, steps and a date line. */
export function resultText(
  result: { originalName: string; translation: string; description: string; solution: string },
  labels: {
    header: string;
    translation: string;
    description: string;
    solution: string;
    date: string;
    notAdvice: string;
  },
): string {
  return [
    labels.header,
    '',
    `${labels.translation}:`,
    result.translation,
    '',
    `${labels.description}:`,
    result.description,
    '',
    `${labels.solution}:`,
    result.solution,
    '',
    labels.date,
    labels.notAdvice,
    '',
  ].join('\n');
}
