/**
 * Image addresses. The API answers with CDN addresses of processed pictures (common/images.ts); an
 * upload key (a fresh upload) is turned into the address of its processed version with the stage's
 * CDN base. Placeholders are inline SVGs, so they never miss.
 */
import { DEFAULT_IMAGE_WIDTH, processedFolder, processedKey } from '../../../common/images';
import { getConfig } from './config';

const cdnBase = () => getConfig().cdnBaseUrl.replace(/\/+$/, '');

export function imageUrl(keyOrUrl: string | undefined | null): string | undefined {
  if (!keyOrUrl) return undefined;
  if (/^(https?:|data:|blob:)/.test(keyOrUrl)) return keyOrUrl;
  const key = keyOrUrl.replace(/^\/+/, '');
  return `${cdnBase()}/${processedFolder(key) ? processedKey(key, DEFAULT_IMAGE_WIDTH) : key}`;
}

const svg = (body: string, w: number, h: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}">${body}</svg>`)}`;

/** A calm room sketch (sofa, lamp, frame) for posts without images. */
export const POST_PLACEHOLDER = svg(
  `<rect width="400" height="300" fill="#f4eee5"/>` +
    `<rect x="150" y="60" width="100" height="70" rx="4" fill="none" stroke="#cdbfae" stroke-width="6"/>` +
    `<path d="M170 115l25-25 20 20 12-12 18 17" fill="none" stroke="#cdbfae" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="100" y="170" width="200" height="60" rx="14" fill="#e3d5c4"/>` +
    `<rect x="85" y="185" width="30" height="55" rx="10" fill="#d8c7b3"/><rect x="285" y="185" width="30" height="55" rx="10" fill="#d8c7b3"/>` +
    `<rect x="110" y="238" width="10" height="18" fill="#cdbfae"/><rect x="280" y="238" width="10" height="18" fill="#cdbfae"/>` +
    `<path d="M330 256v-90M315 166h30l-8-30h-14z" stroke="#cdbfae" stroke-width="6" fill="#e3d5c4" stroke-linejoin="round"/>`,
  400,
  300,
);

/** A neutral avatar for users and businesses without a picture. */
export const AVATAR_PLACEHOLDER = svg(
  `<rect width="96" height="96" fill="#efe7dc"/><circle cx="48" cy="38" r="17" fill="#cdbfae"/>` +
    `<path d="M16 90c4-20 17-30 32-30s28 10 32 30z" fill="#cdbfae"/>`,
  96,
  96,
);
