/**
 * Demo pictures for the seed data, drawn here as PNGs (no image files to ship or download): a room
 * with a wall, a floor and a few furniture shapes in a palette picked by the seed number.
 */
import { deflateSync } from 'node:zlib';

const PALETTES = [
  { wall: [236, 226, 211], floor: [176, 137, 104], accent: [93, 115, 99], extra: [214, 164, 98] },
  { wall: [222, 231, 236], floor: [150, 150, 160], accent: [52, 88, 120], extra: [230, 200, 120] },
  { wall: [244, 236, 228], floor: [196, 160, 120], accent: [170, 90, 70], extra: [90, 110, 90] },
  { wall: [230, 238, 226], floor: [120, 100, 80], accent: [200, 170, 110], extra: [70, 80, 95] },
  { wall: [240, 230, 236], floor: [210, 200, 190], accent: [120, 80, 110], extra: [80, 140, 150] },
] as const;

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
/** One PNG chunk (length, type, data, CRC); also used by the tests that build odd PNGs. */
export const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

export function roomPng(seed: number, width = 640, height = 420): Buffer {
  const p = PALETTES[seed % PALETTES.length];
  const px = Buffer.alloc(width * height * 3);
  const set = (x: number, y: number, c: readonly number[]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    px[i] = c[0];
    px[i + 1] = c[1];
    px[i + 2] = c[2];
  };
  const rect = (x0: number, y0: number, w: number, h: number, c: readonly number[]) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, c);
  };
  const shade = (c: readonly number[], f: number) => c.map((v) => Math.max(0, Math.min(255, Math.round(v * f))));
  const horizon = Math.round(height * 0.68);
  for (let y = 0; y < height; y++) {
    const base = y < horizon ? p.wall : p.floor;
    const f = y < horizon ? 1.04 - (y / horizon) * 0.1 : 0.9 + ((y - horizon) / (height - horizon)) * 0.15;
    rect(0, y, width, 1, shade(base, f));
  }
  // Floor boards, a window, a picture, a sofa, a lamp and a plant; positions vary with the seed.
  for (let x = (seed * 17) % 60; x < width; x += 60) rect(x, horizon, 2, height - horizon, shade(p.floor, 0.8));
  const wx = 60 + ((seed * 53) % 120);
  rect(wx, 50, 150, 150, shade(p.wall, 0.75));
  rect(wx + 8, 58, 134, 134, [205, 225, 240]);
  rect(wx + 73, 58, 4, 134, shade(p.wall, 0.75));
  rect(width - 230, 90, 110, 75, shade(p.extra, 0.7));
  rect(width - 222, 98, 94, 59, p.extra);
  const sx = 150 + ((seed * 31) % 140);
  rect(sx, horizon - 95, 300, 60, p.accent);
  rect(sx - 20, horizon - 65, 340, 70, shade(p.accent, 0.85));
  rect(sx, horizon + 5, 12, 18, [60, 50, 40]);
  rect(sx + 288, horizon + 5, 12, 18, [60, 50, 40]);
  rect(sx + 30, horizon - 85, 70, 40, shade(p.extra, 1.1));
  rect(sx + 200, horizon - 85, 70, 40, shade(p.extra, 1.1));
  const lx = width - 90;
  rect(lx, horizon - 200, 6, 220, [70, 60, 50]);
  rect(lx - 30, horizon - 230, 66, 40, [250, 236, 190]);
  rect(50, horizon - 40, 50, 60, [150, 100, 70]);
  for (let i = 0; i < 7; i++) rect(40 + i * 10, horizon - 110 + (i % 3) * 12, 12, 75, [70, 120 + i * 8, 70]);

  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    px.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
