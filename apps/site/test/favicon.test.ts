import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packIco, readIco } from '../scripts/ico';

const pngSignature = Buffer.from('89504e470d0a1a0a', 'hex');
/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('favicon.ico', () => {
  it('holds the brand icon as PNG images of 16, 32 and 48 px, each as large as its directory entry says', () => {
    const images = readIco(readFileSync(new URL('../public/favicon.ico', import.meta.url)));
    expect(images.map(({ size }) => size)).toEqual([16, 32, 48]);
    for (const { size, png } of images) {
      expect(png.subarray(0, 8)).toEqual(pngSignature);
      expect(pngSize(png)).toEqual([size, size]);
    }
  });

  it('reads back what packIco wrote and refuses what is not an icon', () => {
    const images = [
      { size: 16, png: Buffer.from('sixteen') },
      { size: 256, png: Buffer.from('two hundred fifty-six') },
    ];
    expect(readIco(packIco(images))).toEqual(images);
    expect(() => readIco(Buffer.from('<svg/>'))).toThrow('Not an ICO file');
  });
});
