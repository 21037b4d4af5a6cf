import { inflateSync } from 'node:zlib';

/** A bitwise CRC-32 (no table), independent of the encoder's own. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export interface DecodedPng {
  width: number;
  height: number;
  /** RGB bytes, row by row, filters undone. */
  pixels: Buffer;
}

/**
 * Decodes an 8-bit truecolour, non-interlaced PNG strictly: signature, every chunk's CRC, IHDR
 * first and IEND last, the zlib stream, and every row's filter. Throws on anything else.
 */
export function decodePng(file: Buffer): DecodedPng {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!file.subarray(0, 8).equals(signature)) throw new Error('not a PNG signature');
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const typeAndData = file.subarray(at + 4, at + 8 + length);
    if (crc32(typeAndData) !== file.readUInt32BE(at + 8 + length)) throw new Error('bad chunk CRC');
    chunks.push({ type: typeAndData.subarray(0, 4).toString('ascii'), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  if (chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND')
    throw new Error('IHDR must come first and IEND last');
  const header = chunks[0].data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  if (header[8] !== 8 || header[9] !== 2 || header[12] !== 0) throw new Error('expected 8-bit RGB, no interlace');
  const raw = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const stride = width * 3;
  if (raw.length !== (stride + 1) * height)
    throw new Error(`expected ${(stride + 1) * height} bytes of rows, got ${raw.length}`);
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 3 ? pixels[y * stride + x - 3]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 3 && y > 0 ? pixels[(y - 1) * stride + x - 3]! : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else throw new Error(`unknown filter ${filter}`);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}
