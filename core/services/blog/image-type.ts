/**
 * The image type of some bytes, read from their first bytes (the file's signature), never from a
 * name or a declared type: PNG, JPEG, GIF, WebP and AVIF. Anything else (SVG, which can carry
 * script, included) is not an image this service stores.
 *
 * Does NOT check that the rest of the file is a well-formed image: a browser decoding it finds out.
 */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  const ascii = (text: string, at: number) =>
    starts(
      [...text].map((char) => char.charCodeAt(0)),
      at,
    );
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii('GIF87a', 0) || ascii('GIF89a', 0)) return 'image/gif';
  if (ascii('RIFF', 0) && ascii('WEBP', 8)) return 'image/webp';
  if (ascii('ftyp', 4) && (ascii('avif', 8) || ascii('avis', 8))) return 'image/avif';
  return undefined;
}
