import { deflateSync } from 'node:zlib';
import { docxZip } from './docx';

// Files made to hurt the letter reader, as an outside review sent them: broken
// images that crashed the OCR, and "bombs" small on the wire that unpack into
// hundreds of megabytes of work.

/** A PNG signature and the start of a header chunk, then nothing: 23 bytes. */
export function brokenPng(): Uint8Array {
  const bytes = new Uint8Array(23);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  bytes.set(new TextEncoder().encode('IHDR'), 12);
  return bytes;
}

/** A GIF header and nothing else: 17 bytes. */
export function brokenGif(): Uint8Array {
  const bytes = new Uint8Array(17);
  bytes.set(new TextEncoder().encode('GIF89a'));
  return bytes;
}

/** A DOCX of ~130 KB whose document.xml holds `paragraphs` tiny paragraphs (1.3 million ≈ 45 MB). */
export function docxBomb(paragraphs = 1_300_000): Promise<Uint8Array> {
  const zip = docxZip([]);
  const body = '<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(paragraphs);
  zip.file(
    'word/document.xml',
    `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/**
 * A one-page PDF whose content stream inflates to `megabytes` of text-drawing
 * operators (about 1 MB on the wire for 400 MB). Written by hand: each object's
 * offset goes in the cross-reference table.
 */
export function pdfBomb(megabytes = 400): Buffer {
  const operator = Buffer.from('BT /F1 12 Tf 72 700 Td (Notice) Tj ET\n');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let at = 0; at < chunk.length; at += operator.length) operator.copy(chunk, at);
  // Deflate one megabyte and repeat its compressed form: a stream of many
  // concatenated deflate blocks is not valid, so build one big input instead.
  const content = deflateSync(Buffer.concat(Array.from({ length: megabytes }, () => chunk)), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream, written with its bytes below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const part =
      object === null
        ? Buffer.concat([
            Buffer.from(`${index + 1} 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
            content,
            Buffer.from('\nendstream\nendobj\n'),
          ])
        : Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
