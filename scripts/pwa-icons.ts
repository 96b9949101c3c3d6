/**
 * Draws the installed app's icons into web/public/icons/ (committed; run again after changing the mark):
 * 192 and 512 px (any), a 512 px maskable one (the mark inside the 80 % safe zone on a full-bleed
 * background), the 180 px apple-touch-icon and a 96 px monochrome badge for notifications.
 *
 *   npx tsx scripts/pwa-icons.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../web/public/icons');
/** The brand's terracotta (web/src/styles and index.html's theme-color) and the page background. */
const BRAND = '#b5653a';

/** The mark: a white house on the brand colour; `inset` leaves room around it (maskable icons). */
const mark = (size: number, { rounded, inset }: { rounded: boolean; inset: number }) => {
  const s = size;
  const pad = s * inset;
  const w = s - 2 * pad;
  const x = (f: number) => pad + f * w;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${rounded ? s * 0.22 : 0}" fill="${BRAND}"/>
  <path d="M${x(0.2)} ${x(0.55)} L${x(0.5)} ${x(0.27)} L${x(0.8)} ${x(0.55)} L${x(0.8)} ${x(0.8)} L${x(0.2)} ${x(0.8)} Z" fill="#fff"/>
  <rect x="${x(0.44)}" y="${x(0.62)}" width="${w * 0.12}" height="${w * 0.18}" fill="${BRAND}"/>
</svg>`;
};

const badge = (
  s: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <path d="M${s * 0.15} ${s * 0.55} L${s * 0.5} ${s * 0.2} L${s * 0.85} ${s * 0.55} L${s * 0.85} ${s * 0.85} L${s * 0.15} ${s * 0.85} Z" fill="#fff"/>
</svg>`;

mkdirSync(OUT, { recursive: true });
const icons: [string, string][] = [
  ['icon-192.png', mark(192, { rounded: true, inset: 0 })],
  ['icon-512.png', mark(512, { rounded: true, inset: 0 })],
  ['maskable-512.png', mark(512, { rounded: false, inset: 0.12 })],
  ['apple-touch-icon-180.png', mark(180, { rounded: false, inset: 0.05 })],
  ['badge-96.png', badge(96)],
];
for (const [name, svg] of icons) {
  const file = path.join(OUT, name);
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(file);
  console.log(`${path.relative(process.cwd(), file)}`);
}
