/**
 * Stored image values are upload keys (`uploads/...`); answers carry the CDN address of a processed
 * version (common/images.ts), never the original. Older records may hold a full address, sometimes
 * with the base doubled: both are corrected here when reading.
 */
import { DEFAULT_IMAGE_WIDTH, processedFolder, processedKey, uploadKeyOf } from '../../common/images';
import { config } from './config';

export function imageUrl(stored: string | undefined | null): string | undefined {
  if (!stored) return undefined;
  const base = config.mediaBaseUrl;
  let value = stored;
  while (value.startsWith(base + base)) value = value.slice(base.length);
  if (/^https?:\/\//.test(value)) {
    // A full address with the base repeated inside it ("https://cdn/https://cdn/key").
    const again = value.indexOf(base, 1);
    value = again > 0 ? value.slice(again) : value;
    if (!value.startsWith(base)) return value;
  }
  const key = toStoredKey(value);
  return base + (processedFolder(key) ? processedKey(key, DEFAULT_IMAGE_WIDTH) : key);
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
