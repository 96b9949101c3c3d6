/**
 * Stored image values are S3 keys; answers carry the CDN base plus the key. Older records may hold
 * a full address, sometimes with the base doubled: both are corrected here when reading.
 */
import { config } from './config';

export function imageUrl(stored: string | undefined | null): string | undefined {
  if (!stored) return undefined;
  const base = config.mediaBaseUrl;
  let value = stored;
  while (value.startsWith(base + base)) value = value.slice(base.length);
  if (/^https?:\/\//.test(value)) {
    // A full address with the base repeated inside it ("https://cdn/https://cdn/key").
    const again = value.indexOf(base, 1);
    return again > 0 ? value.slice(again) : value;
  }
  return base + value.replace(/^\/+/, '');
}

export const imageUrls = (stored: (string | undefined)[] | undefined) =>
  (stored ?? []).map(imageUrl).filter((u): u is string => !!u);

/** Accept either a key or an address of our own CDN from a client, and store the key. */
export function toStoredKey(value: string): string {
  const base = config.mediaBaseUrl;
  let v = value;
  while (v.startsWith(base)) v = v.slice(base.length);
  return v.replace(/^\/+/, '');
}
