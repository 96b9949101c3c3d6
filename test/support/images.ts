/** Pictures for the image tests and the image budget, made with sharp (no files to ship). */
import { pngChunk } from '../../bin/local/demoImages';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG as a phone writes it: camera make and model, GPS position of the home, rotated by EXIF. */
export const GPS_EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'Pocket Camera 12', Artist: 'Drita Hoxha' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 19/1 39/1', GPSLongitudeRef: 'E', GPSLongitude: '19/1 49/1 7/1' },
};

/** A noisy photo-like picture (noise compresses like a real photo, unlike a flat colour). */
export async function photo(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
  quality = 80,
): Promise<Buffer> {
  const base = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 180, g: 140, b: 110 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  const blurred = await base.blur(1.2).png({ compressionLevel: 1 }).toBuffer();
  return format === 'jpeg' ? sharp(blurred).jpeg({ quality }).toBuffer() : sharp(blurred).png().toBuffer();
}

/** 1200 x 900 JPEG with GPS_EXIF (stored landscape, shown portrait once oriented). */
export async function gpsJpeg(): Promise<Buffer> {
  const plain = await photo(1200, 900);
  return sharp(plain).withExif(GPS_EXIF).withMetadata({ orientation: 6 }).jpeg({ quality: 85 }).toBuffer();
}

/** Whether EXIF bytes hold a GPS block (the GPSInfo pointer, tag 0x8825, in either byte order). */
export const hasGpsBlock = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

/** Every sign of metadata in a served file: EXIF/XMP/IPTC/ICC blocks, orientation, and the words of GPS_EXIF. */
export async function metadataLeft(body: Buffer): Promise<string[]> {
  const meta = await sharp(body).metadata();
  const found: string[] = (['exif', 'xmp', 'iptc', 'icc', 'orientation'] as const).filter((k) => meta[k] !== undefined);
  for (const word of ['PhoneMaker', 'Pocket Camera', 'Drita', 'Exif\0', 'ns.adobe.com/xap']) {
    if (body.includes(Buffer.from(word))) found.push(word);
  }
  return found;
}

export const cmykJpeg = async () =>
  sharp(await photo(800, 600))
    .toColourspace('cmyk')
    .jpeg()
    .toBuffer();

export const truncatedJpeg = async () => {
  const full = await photo(800, 600);
  return full.subarray(0, Math.floor(full.length / 2));
};

export const animatedWebp = async () => {
  const frame = (r: number) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g: 0, b: 0 } } })
      .png()
      .toBuffer();
  return sharp([await frame(255), await frame(0)], { join: { animated: true } })
    .webp()
    .toBuffer();
};

export const notAnImage = () => Buffer.from('<html><body>not a picture</body></html>');

/** A decompression bomb: a valid 1-bit PNG of 30,000 x 30,000 px (900 megapixels) in about 100 KB. */
export function bombPng(side = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1;
  ihdr[9] = 0; // 1 bit, greyscale
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side); // every row: filter 0, all black
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
