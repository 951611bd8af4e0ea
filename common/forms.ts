/**
 * SPEC.md §9: file names are normalised to upper case, without a leading I-,
 * N- or G- and without a trailing two-letter language suffix before .pdf, so
 * "i-485es.pdf", "I-485.pdf" and the form number "I-485" all become "485".
 */
export function normalizeFormName(name: string): string {
  return name
    .trim()
    .toUpperCase()
    .replace(/\.PDF$/, '')
    .replace(/^[ING]-/, '')
    .replace(/[-_ ]?(ES|EN|SP)$/, '');
}
