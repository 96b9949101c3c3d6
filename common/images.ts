/**
 * Processed pictures. A browser uploads the original under `uploads/{sub}/{id}.{ext}` (common/uploads.ts);
 * the image processor (lambdas/images/processUpload.ts) writes, under PROCESSED_PREFIX, one WebP per
 * width of IMAGE_WIDTHS (orientation applied, metadata removed, sRGB; never wider than the original:
 * a width above it holds the original size) and then a state file saying `ready` or `failed` with a
 * message for the uploader. Records keep the upload key; every address handed out is derived from it
 * here, by the API and by the web app alike. Names never change (the upload key is random), so the
 * CDN and browsers may cache them for a year. The originals are never served.
 */
import type * as z from 'zod';
import { UPLOAD_PREFIX } from './uploads';
import type { uploadStateSchema } from './schemas/answers';

/** Where processed pictures live: the only prefix the media CDN serves. */
export const PROCESSED_PREFIX = 'images/';

/** Widths (px) of the processed versions, smallest first. */
export const IMAGE_WIDTHS = [320, 640, 1280, 2048] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The width answers carry (`src` when a browser ignores `srcset`). */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 1280;

/** Pictures above this many pixels are refused before they are decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Cache-Control of processed versions: their names never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What the processor records once a picture is done. */
export type ImageState = { state: 'ready'; width: number; height: number } | { state: 'failed'; message: string };

/** What GET /upload/state answers: the processor's verdict, or `processing` while it has written none. */
export type UploadState = z.infer<typeof uploadStateSchema>;

/** `images/{sub}/{id}.{ext}/` for `uploads/{sub}/{id}.{ext}`; undefined for anything that is not an upload key. */
export function processedFolder(uploadKey: string): string | undefined {
  if (!uploadKey.startsWith(UPLOAD_PREFIX)) return undefined;
  const rest = uploadKey.slice(UPLOAD_PREFIX.length);
  if (!rest || rest.split('/').some((part) => !part || part === '..')) return undefined;
  return `${PROCESSED_PREFIX}${rest}/`;
}

const PROCESSED_FILE = new RegExp(`^${PROCESSED_PREFIX}(.+)/(?:\\d+\\.webp|state\\.json)$`);

/** The upload key a processed key was made from (a client may send back an address it was given). */
export function uploadKeyOf(key: string): string | undefined {
  const m = PROCESSED_FILE.exec(key);
  return m ? `${UPLOAD_PREFIX}${m[1]}` : undefined;
}

/** The key of one processed width of an upload. */
export const processedKey = (uploadKey: string, width: ImageWidth) => `${processedFolder(uploadKey)}${width}.webp`;

/** The key of the upload's processing state (ImageState as JSON). */
export const imageStateKey = (uploadKey: string) => `${processedFolder(uploadKey)}state.json`;

const PROCESSED_ADDRESS = new RegExp(`^(.*/${PROCESSED_PREFIX}.+/)(\\d+)\\.webp$`);

/** `src` and `srcSet` for an address the API handed out (any processed width); other addresses as they are. */
export function imageSources(address: string): { src: string; srcSet?: string } {
  const m = PROCESSED_ADDRESS.exec(address);
  if (!m) return { src: address };
  const folder = m[1];
  return {
    src: `${folder}${DEFAULT_IMAGE_WIDTH}.webp`,
    srcSet: IMAGE_WIDTHS.map((w) => `${folder}${w}.webp ${w}w`).join(', '),
  };
}

/** The state address of a processed picture's address (for waiting until it is ready), if it is one. */
export function stateAddressOf(address: string): string | undefined {
  const m = PROCESSED_ADDRESS.exec(address);
  return m ? `${m[1]}state.json` : undefined;
}
