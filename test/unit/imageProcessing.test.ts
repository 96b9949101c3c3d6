/** The image processor's core: metadata gone, orientation applied, sRGB, widths; bad input refused with a message. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../common/images';
import { IMAGE_REFUSALS, processImage } from '../../lambdas/images/process';
import {
  animatedWebp,
  bombPng,
  cmykJpeg,
  gpsJpeg,
  hasGpsBlock,
  metadataLeft,
  notAnImage,
  photo,
  truncatedJpeg,
} from '../support/images';

const ready = async (input: Buffer) => {
  const out = await processImage(input);
  if (out.state !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(out)}`);
  return out;
};

describe('processImage', () => {
  it('removes EXIF (GPS, camera, author) and applies the orientation', async () => {
    const input = await gpsJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect(hasGpsBlock(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);
    expect(await metadataLeft(input)).toEqual(expect.arrayContaining(['exif', 'orientation', 'PhoneMaker', 'Drita']));

    const out = await ready(input);
    expect(out.versions.map((v) => v.width)).toEqual([...IMAGE_WIDTHS]);
    for (const { body } of out.versions) {
      const meta = await sharp(body).metadata();
      expect(meta.format).toBe('webp');
      expect(await metadataLeft(body)).toEqual([]);
      // Stored 1200 x 900 with orientation 6: shown (and now stored) 900 wide, 1200 high.
      expect(meta.height! > meta.width!).toBe(true);
    }
    expect([out.width, out.height]).toEqual([900, 1200]);
  });

  it('makes each width, never wider than the original', async () => {
    const out = await ready(await photo(1000, 500));
    const widths = await Promise.all(out.versions.map(async (v) => (await sharp(v.body).metadata()).width));
    expect(widths).toEqual([320, 640, 1000, 1000]);
  });

  it('converts a CMYK JPEG to sRGB', async () => {
    const input = await cmykJpeg();
    expect((await sharp(input).metadata()).space).toBe('cmyk');
    const out = await ready(input);
    const meta = await sharp(out.versions[0].body).metadata();
    expect(meta.space).toBe('srgb');
    expect(meta.channels).toBe(3);
  });

  it('refuses a file that is not a picture, a truncated one, a bomb and an animated one, with a message', async () => {
    expect(await processImage(notAnImage())).toEqual({ state: 'failed', message: IMAGE_REFUSALS.notAnImage });
    expect(await processImage(await truncatedJpeg())).toEqual({ state: 'failed', message: IMAGE_REFUSALS.damaged });
    expect(await processImage(await animatedWebp())).toEqual({ state: 'failed', message: IMAGE_REFUSALS.animated });
    const before = process.memoryUsage().rss;
    expect(await processImage(bombPng())).toEqual({ state: 'failed', message: IMAGE_REFUSALS.tooLarge });
    // Refused from its header: its 900 megapixels were never decoded.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
