// A DOCX is a ZIP. Before unpacking one we read its central directory (no
// decompression) and refuse archives that would unpack too big or hold too
// many entries: a "zip bomb" must not exhaust the server's memory.

export const DOCX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
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
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return false;
    const unpacked = view.getUint32(offset + 24, true);
    if (unpacked === 0xffffffff) return false; // ZIP64: far beyond any letter
    total += unpacked;
    if (total > DOCX_MAX_UNPACKED_BYTES) return false;
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
  return true;
}
