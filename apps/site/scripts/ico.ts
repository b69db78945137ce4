/**
 * An ICO file holding PNG images (every browser since 2007 reads those): a 6-octet header, a
 * 16-octet directory entry per image, then the images.
 */
export function packIco(images: readonly { size: number; png: Uint8Array }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 stands for 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => Buffer.from(png))]);
}

/** The images of an ICO file: their size and PNG bytes (what packIco wrote). */
export function readIco(file: Uint8Array): { size: number; png: Buffer }[] {
  const data = Buffer.from(file);
  if (data.length < 6 || data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('Not an ICO file');
  return Array.from({ length: data.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = data.readUInt32LE(entry + 8);
    const start = data.readUInt32LE(entry + 12);
    return { size: data.readUInt8(entry) || 256, png: data.subarray(start, start + length) };
  });
}
