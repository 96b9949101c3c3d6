/**
 * Turns an uploaded file into the processed versions of common/images.ts, or a refusal the uploader
 * can read. Everything sharp says about the input is the input's fault (not a picture, damaged,
 * too large, animated): the answer is `failed` with a message, never a throw. Only the pixel count
 * read from the header is trusted before decoding, so a decompression bomb is refused without
 * allocating its pixels; sharp's limitInputPixels backs that up.
 */
import sharp from 'sharp';
import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS, type ImageState, type ImageWidth } from '../../common/images';

// No pixel cache between invocations: each picture is read once, and memory stays flat.
sharp.cache(false);

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const IMAGE_REFUSALS = {
  notAnImage: 'The file is not a JPEG, PNG or WebP picture.',
  damaged: 'The picture is damaged or incomplete: upload it again.',
  tooLarge: `The picture has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
  animated: 'Animated pictures are not accepted: upload a still picture.',
} as const;

export type ProcessedImage =
  | { state: 'ready'; width: number; height: number; versions: { width: ImageWidth; body: Buffer }[] }
  | Extract<ImageState, { state: 'failed' }>;

const failed = (message: string): ProcessedImage => ({ state: 'failed', message });

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' as const };
  let meta: sharp.Metadata;
  try {
    // The header only: the pixel count is checked below, before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return failed(IMAGE_REFUSALS.notAnImage);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
    return failed(IMAGE_REFUSALS.notAnImage);
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) return failed(IMAGE_REFUSALS.tooLarge);
  if ((meta.pages ?? 1) > 1) return failed(IMAGE_REFUSALS.animated);

  try {
    // Orientation applied, then any colour space (CMYK with its profile, grey, P3...) converted to sRGB.
    // sharp writes no metadata unless asked: EXIF, XMP, IPTC and ICC are all left behind.
    const upright = sharp(input, options).rotate().toColourspace('srgb');
    const versions: { width: ImageWidth; body: Buffer }[] = [];
    let size = { width: 0, height: 0 };
    for (const width of IMAGE_WIDTHS) {
      const { data, info } = await upright
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 72, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      versions.push({ width, body: data });
      size = { width: info.width, height: info.height };
    }
    return { state: 'ready', ...size, versions };
  } catch {
    return failed(IMAGE_REFUSALS.damaged);
  }
}
