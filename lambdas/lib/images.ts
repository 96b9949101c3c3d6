/**
 * Stored image values are upload keys (`uploads/...`: every image field is stored through lambdas/domain/fields.ts
 * imageKeySchema, which turns an address of our CDN into its key and refuses any other address); answers carry the
 * CDN address of a processed version (common/images.ts), never the original.
 */
import { DEFAULT_IMAGE_WIDTH, processedFolder, processedKey, uploadKeyOf } from '../../common/images';
import { config } from './config';

export function imageUrl(stored: string | undefined | null): string | undefined {
  if (!stored) return undefined;
  return config.mediaBaseUrl + (processedFolder(stored) ? processedKey(stored, DEFAULT_IMAGE_WIDTH) : stored);
}

export const imageUrls = (stored: (string | undefined)[] | undefined) =>
  (stored ?? []).map(imageUrl).filter((u): u is string => !!u);

/** Accept a key or an address of our own CDN (an original's or a processed version's) from a client, and store the upload key. */
export function toStoredKey(value: string): string {
  const base = config.mediaBaseUrl;
  let v = value;
  while (v.startsWith(base)) v = v.slice(base.length);
  v = v.replace(/^\/+/, '');
  return uploadKeyOf(v) ?? v;
}
