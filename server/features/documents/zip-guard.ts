import { inflateRawSync } from 'node:zlib';

// A DOCX is a ZIP. Before handing one to mammoth we walk its entries and
// inflate each with a cap on the output (the sizes written in the archive can
// lie), refusing archives that unpack too big or hold too many entries: a
// "zip bomb" must not exhaust the server's memory. The XML parts get a much
// smaller budget than pictures: mammoth builds a tree of every element, about
// 70 bytes of memory per byte of XML, and a few pages of letter are well under
// 1 MB of XML.

export const DOCX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const DOCX_MAX_XML_BYTES = 4 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 1000;

export function zipLooksSafe(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: at least 22 bytes, within the last 64 KB + 22.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return false;
  const entries = view.getUint16(eocd + 10, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (entries === 0xffff || directoryOffset === 0xffffffff || entries > DOCX_MAX_ENTRIES) return false;
  let offset = directoryOffset;
  let total = 0;
  let xml = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return false;
    const method = view.getUint16(offset + 10, true);
    const packed = view.getUint32(offset + 20, true);
    const declared = view.getUint32(offset + 24, true);
    const local = view.getUint32(offset + 42, true);
    if (declared === 0xffffffff || packed === 0xffffffff) return false; // ZIP64: far beyond any letter
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return false;
    const nameLength = view.getUint16(offset + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    const isXml = /\.(xml|rels)$/i.test(name);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + packed);
    const budget = Math.min(DOCX_MAX_UNPACKED_BYTES - total, isXml ? DOCX_MAX_XML_BYTES - xml : Infinity);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) }).length;
      } catch {
        return false; // over the budget, or not valid deflate data
      }
    } else return false;
    total += size;
    if (isXml) xml += size;
    if (total > DOCX_MAX_UNPACKED_BYTES || xml > DOCX_MAX_XML_BYTES) return false;
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return true;
}
