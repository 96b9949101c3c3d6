/**
 * Demo pictures of the ideas (the seed's pictures of finished work and portfolios), drawn here as PNGs: a room of
 * each kind (a kitchen with its cabinets, a bathroom with its tiles, a bedroom, a shop...) in the palette of a style
 * (modern greys, classic warm browns, industrial brick...), the furniture placed by a seed number, so each picture is
 * its own and a gallery reads like rooms.
 */
import { deflateSync } from 'node:zlib';
import type { IdeaRoom, IdeaStyle } from '../../common/ideas';
import { pngChunk } from './demoImages';

type Rgb = readonly [number, number, number];
interface Palette {
  wall: Rgb;
  floor: Rgb;
  accent: Rgb;
  extra: Rgb;
  wood: Rgb;
}

const PALETTES: Record<IdeaStyle, Palette> = {
  modern: {
    wall: [232, 232, 229],
    floor: [158, 158, 162],
    accent: [48, 52, 60],
    extra: [214, 163, 72],
    wood: [176, 146, 114],
  },
  classic: {
    wall: [238, 226, 204],
    floor: [140, 98, 64],
    accent: [126, 58, 52],
    extra: [205, 172, 98],
    wood: [118, 78, 48],
  },
  minimalist: {
    wall: [246, 245, 241],
    floor: [226, 220, 208],
    accent: [196, 196, 190],
    extra: [70, 70, 70],
    wood: [214, 194, 164],
  },
  industrial: {
    wall: [150, 84, 64],
    floor: [98, 98, 104],
    accent: [46, 46, 52],
    extra: [196, 124, 58],
    wood: [112, 80, 54],
  },
  rustic: {
    wall: [232, 214, 188],
    floor: [136, 92, 58],
    accent: [108, 120, 78],
    extra: [184, 92, 60],
    wood: [122, 82, 46],
  },
  scandinavian: {
    wall: [247, 246, 242],
    floor: [218, 194, 162],
    accent: [156, 184, 202],
    extra: [232, 178, 168],
    wood: [208, 178, 138],
  },
  other: {
    wall: [236, 228, 216],
    floor: [170, 134, 100],
    accent: [86, 110, 96],
    extra: [212, 160, 96],
    wood: [160, 120, 84],
  },
};

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
const shade = (c: Rgb, f: number): Rgb => [clamp(c[0] * f), clamp(c[1] * f), clamp(c[2] * f)];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  clamp(a[0] + (b[0] - a[0]) * t),
  clamp(a[1] + (b[1] - a[1]) * t),
  clamp(a[2] + (b[2] - a[2]) * t),
];

class Canvas {
  readonly px: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = Buffer.alloc(width * height * 3);
  }
  set(x: number, y: number, c: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.px[i] = c[0];
    this.px[i + 1] = c[1];
    this.px[i + 2] = c[2];
  }
  rect(x0: number, y0: number, w: number, h: number, c: Rgb) {
    for (let y = Math.round(y0); y < Math.round(y0 + h); y++)
      for (let x = Math.round(x0); x < Math.round(x0 + w); x++) this.set(x, y, c);
  }
  /** A box with a lighter top edge and a darker bottom one: furniture that reads as solid. */
  box(x: number, y: number, w: number, h: number, c: Rgb) {
    this.rect(x, y, w, h, c);
    this.rect(x, y, w, Math.max(2, h * 0.06), shade(c, 1.12));
    this.rect(x, y + h - Math.max(2, h * 0.05), w, Math.max(2, h * 0.05), shade(c, 0.82));
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb) {
    for (let y = Math.floor(cy - ry); y <= cy + ry; y++)
      for (let x = Math.floor(cx - rx); x <= cx + rx; x++)
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, c);
  }
  /** A soft shadow on the floor under a piece of furniture. */
  shadow(x: number, y: number, w: number, floor: Rgb) {
    this.ellipse(x + w / 2, y, w / 2 + 8, 9, shade(floor, 0.78));
  }
  png(): Buffer {
    const raw = Buffer.alloc((this.width * 3 + 1) * this.height);
    for (let y = 0; y < this.height; y++)
      this.px.copy(raw, y * (this.width * 3 + 1) + 1, y * this.width * 3, (y + 1) * this.width * 3);
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/** The back wall (lit from the window side) and the floor (planks, tiles or concrete), with a skirting line. */
function walls(c: Canvas, p: Palette, horizon: number, floor: 'planks' | 'tiles' | 'plain', seed: number) {
  for (let y = 0; y < horizon; y++) c.rect(0, y, c.width, 1, shade(p.wall, 1.04 - (y / horizon) * 0.12));
  for (let y = horizon; y < c.height; y++)
    c.rect(0, y, c.width, 1, shade(p.floor, 0.86 + ((y - horizon) / (c.height - horizon)) * 0.2));
  if (floor === 'planks')
    for (let x = (seed * 23) % 70; x < c.width; x += 70) c.rect(x, horizon, 2, c.height - horizon, shade(p.floor, 0.8));
  if (floor === 'tiles') {
    for (let x = 0; x < c.width; x += 80) c.rect(x, horizon, 2, c.height - horizon, shade(p.floor, 0.85));
    for (let y = horizon + 40; y < c.height; y += 50) c.rect(0, y, c.width, 2, shade(p.floor, 0.85));
  }
  c.rect(0, horizon - 8, c.width, 8, shade(p.wall, 0.82));
}

function windowAt(c: Canvas, p: Palette, x: number, y: number, w: number, h: number) {
  c.rect(x - 8, y - 8, w + 16, h + 16, shade(p.wall, 0.72));
  for (let yy = 0; yy < h; yy++) c.rect(x, y + yy, w, 1, mix([170, 205, 236], [226, 238, 246], yy / h));
  c.rect(x + w / 2 - 3, y, 6, h, shade(p.wall, 0.72));
  c.rect(x, y + h / 2 - 3, w, 6, shade(p.wall, 0.72));
}

function plant(c: Canvas, x: number, base: number, size: number) {
  c.box(x, base - size * 0.45, size * 0.55, size * 0.45, [176, 120, 88]);
  for (let i = 0; i < 7; i++)
    c.ellipse(
      x + size * 0.28 + (i - 3) * size * 0.09,
      base - size * 0.55 - (i % 3) * size * 0.12,
      size * 0.14,
      size * 0.3,
      [62, 112 + i * 8, 70],
    );
}

function pendant(c: Canvas, x: number, length: number, p: Palette) {
  c.rect(x, 0, 3, length, shade(p.accent, 0.8));
  c.ellipse(x + 1, length + 14, 28, 16, p.accent);
  c.ellipse(x + 1, length + 26, 16, 6, [255, 240, 200]);
}

function frame(c: Canvas, p: Palette, x: number, y: number, w: number, h: number) {
  c.rect(x, y, w, h, shade(p.wood, 0.7));
  c.rect(x + 6, y + 6, w - 12, h - 12, mix(p.extra, p.wall, 0.35));
  c.ellipse(x + w * 0.4, y + h * 0.55, w * 0.18, h * 0.2, shade(p.accent, 1.15));
}

const rooms: Record<IdeaRoom, (c: Canvas, p: Palette, s: number) => void> = {
  'living-room'(c, p, s) {
    const H = Math.round(c.height * 0.68);
    walls(c, p, H, 'planks', s);
    windowAt(c, p, 70 + (s % 3) * 40, 70, 200, 220);
    frame(c, p, c.width - 300, 110, 170, 120);
    c.ellipse(c.width / 2, H + 110, 320, 60, shade(p.extra, 0.9));
    const x = 300 + (s % 4) * 30;
    c.shadow(x, H + 20, 420, p.floor);
    c.box(x, H - 130, 420, 80, p.accent);
    c.box(x - 30, H - 80, 480, 95, shade(p.accent, 0.88));
    c.box(x + 20, H - 120, 110, 55, shade(p.extra, 1.05));
    c.box(x + 290, H - 120, 110, 55, shade(p.extra, 0.95));
    c.box(x + 110, H + 60, 220, 26, p.wood);
    c.rect(x + 130, H + 86, 10, 34, shade(p.wood, 0.7));
    c.rect(x + 300, H + 86, 10, 34, shade(p.wood, 0.7));
    c.rect(c.width - 110, H - 260, 8, 280, shade(p.accent, 0.7));
    c.ellipse(c.width - 106, H - 270, 44, 26, [250, 236, 190]);
    plant(c, 60, H + 40, 150);
  },
  kitchen(c, p, s) {
    const H = Math.round(c.height * 0.72);
    walls(c, p, H, 'tiles', s);
    for (let x = 0; x < c.width; x += 40) c.rect(x, H - 250, 2, 110, shade(p.wall, 0.9));
    for (let y = H - 250; y < H - 140; y += 27) c.rect(0, y, c.width, 2, shade(p.wall, 0.9));
    windowAt(c, p, c.width / 2 - 110, 70, 220, 150);
    for (let x = 30; x < c.width - 30; x += 150) {
      if (Math.abs(x + 70 - c.width / 2) < 150) continue;
      c.box(x, 40, 140, 150, p.accent);
      c.rect(x + 120, 100, 6, 40, shade(p.extra, 0.9));
    }
    c.box(20, H - 140, c.width - 40, 22, shade(p.wood, 1.1));
    for (let x = 20; x < c.width - 40; x += 150) {
      c.box(x, H - 118, 146, 126, shade(p.accent, 0.92));
      c.rect(x + 60, H - 100, 30, 5, p.extra);
    }
    c.box(c.width - 180, 40, 150, H - 32, shade(p.accent, 1.05));
    c.rect(c.width - 60, 140, 6, 90, p.extra);
    c.rect(c.width / 2 - 50, H - 150, 100, 10, [210, 214, 218]);
    pendant(c, 230 + (s % 3) * 20, 60, p);
    pendant(c, c.width - 330, 60, p);
    for (let i = 0; i < 3; i++) {
      const sx = 220 + i * 120 + (s % 2) * 30;
      c.box(sx, H + 40, 60, 16, p.wood);
      c.rect(sx + 8, H + 56, 6, 80, shade(p.accent, 0.8));
      c.rect(sx + 46, H + 56, 6, 80, shade(p.accent, 0.8));
    }
  },
  bedroom(c, p, s) {
    const H = Math.round(c.height * 0.66);
    walls(c, p, H, 'planks', s);
    windowAt(c, p, c.width - 260, 80, 170, 200);
    c.rect(c.width - 290, 70, 26, 240, p.extra);
    c.rect(c.width - 90, 70, 26, 240, p.extra);
    const x = 210 + (s % 3) * 25;
    c.box(x, H - 210, 440, 170, shade(p.wood, 0.9));
    c.shadow(x, H + 120, 440, p.floor);
    c.box(x - 10, H - 60, 460, 90, [246, 244, 240]);
    c.box(x - 10, H - 20, 460, 130, p.accent);
    c.box(x + 40, H - 100, 150, 55, [252, 250, 246]);
    c.box(x + 250, H - 100, 150, 55, [252, 250, 246]);
    for (const nx of [x - 110, x + 470]) {
      c.box(nx, H - 60, 90, 90, p.wood);
      c.rect(nx + 40, H - 130, 6, 70, shade(p.accent, 0.7));
      c.ellipse(nx + 43, H - 138, 30, 18, [250, 236, 190]);
    }
    frame(c, p, x + 140, 80, 160, 110);
  },
  bathroom(c, p, s) {
    const H = Math.round(c.height * 0.74);
    walls(c, p, H, 'tiles', s);
    const tile = mix(p.accent, [255, 255, 255], 0.55);
    c.rect(0, H - 300, c.width, 300, tile);
    for (let x = 0; x < c.width; x += 60) c.rect(x, H - 300, 2, 300, shade(tile, 0.9));
    for (let y = H - 300; y < H; y += 40) c.rect(0, y, c.width, 2, shade(tile, 0.9));
    const tx = 40 + (s % 2) * 30;
    c.box(tx, H - 130, 430, 140, [248, 248, 246]);
    c.rect(tx + 20, H - 120, 390, 14, shade([248, 248, 246], 0.85));
    c.rect(tx + 360, H - 260, 8, 140, [190, 194, 198]);
    c.rect(tx + 330, H - 260, 40, 8, [190, 194, 198]);
    const vx = c.width - 330;
    c.box(vx, H - 160, 260, 150, p.wood);
    c.box(vx - 10, H - 178, 280, 22, [246, 246, 244]);
    c.ellipse(vx + 130, H - 170, 60, 10, [220, 224, 228]);
    c.rect(vx + 40, 110, 180, 240, shade(p.accent, 0.6));
    for (let yy = 0; yy < 228; yy++) c.rect(vx + 46, 116 + yy, 168, 1, mix([206, 220, 230], [238, 244, 248], yy / 228));
    c.rect(c.width - 50, H - 250, 30, 110, p.extra);
    plant(c, c.width - 70, H - 178, 70);
  },
  'childrens-room'(c, p, s) {
    const H = Math.round(c.height * 0.68);
    walls(c, p, H, 'planks', s);
    for (let i = 0; i < 9; i++) c.ellipse(80 + i * 95, 60 + ((i * 37) % 90), 10, 10, p.extra);
    c.ellipse(c.width / 2, H + 120, 260, 55, shade(p.accent, 1.2));
    const x = 60 + (s % 2) * 40;
    c.rect(x, H - 330, 16, 360, p.wood);
    c.rect(x + 330, H - 330, 16, 360, p.wood);
    c.box(x, H - 250, 346, 60, p.accent);
    c.box(x, H - 40, 346, 60, p.accent);
    c.box(x + 20, H - 276, 100, 30, [252, 250, 246]);
    c.box(x + 20, H - 66, 100, 30, [252, 250, 246]);
    for (let r = 0; r < 3; r++) {
      const y = H - 270 + r * 100;
      c.box(c.width - 330, y, 260, 14, p.wood);
      const colors: Rgb[] = [
        [226, 92, 84],
        [88, 150, 214],
        [244, 196, 70],
        [110, 180, 110],
      ];
      for (let i = 0; i < 4; i++)
        c.box(c.width - 320 + i * 62, y - 46 + (i % 2) * 10, 44, 46 - (i % 2) * 10, colors[(i + r + s) % 4]);
    }
  },
  office(c, p, s) {
    const H = Math.round(c.height * 0.7);
    walls(c, p, H, 'plain', s);
    windowAt(c, p, 60, 70, 230, 240);
    for (let r = 0; r < 4; r++) {
      const y = 90 + r * 90;
      c.box(c.width - 330, y, 280, 12, p.wood);
      for (let i = 0; i < 9; i++)
        c.rect(c.width - 320 + i * 28, y - 60 + (i % 3) * 8, 20, 60 - (i % 3) * 8, i % 2 ? p.accent : p.extra);
    }
    const x = 330 + (s % 3) * 20;
    c.shadow(x, H + 90, 340, p.floor);
    c.box(x, H - 30, 340, 22, p.wood);
    c.rect(x + 20, H - 8, 10, 100, shade(p.accent, 0.7));
    c.rect(x + 310, H - 8, 10, 100, shade(p.accent, 0.7));
    c.box(x + 110, H - 150, 150, 100, [36, 40, 46]);
    c.rect(x + 118, H - 142, 134, 84, [90, 130, 170]);
    c.rect(x + 180, H - 50, 12, 22, [36, 40, 46]);
    c.box(x + 120, H + 10, 110, 90, p.accent);
    c.box(x + 130, H - 60, 90, 80, shade(p.accent, 1.1));
    plant(c, x - 120, H + 60, 120);
  },
  'shop-restaurant'(c, p, s) {
    const H = Math.round(c.height * 0.72);
    walls(c, p, H, 'tiles', s);
    for (let r = 0; r < 3; r++) {
      const y = 110 + r * 100;
      c.box(40, y, c.width - 80, 12, p.wood);
      for (let i = 0; i < 22; i++) {
        const h = 40 + ((i * 7 + s) % 4) * 8;
        c.rect(60 + i * 40, y - h, 24, h, i % 3 === 0 ? p.extra : i % 3 === 1 ? p.accent : shade(p.extra, 0.7));
      }
    }
    for (let i = 0; i < 4; i++) pendant(c, 150 + i * 200 + (s % 2) * 20, 30, p);
    c.box(80, H - 140, c.width - 160, 160, shade(p.wood, 0.95));
    c.box(70, H - 160, c.width - 140, 24, p.accent);
    for (let i = 0; i < 5; i++) {
      const sx = 140 + i * 150;
      c.box(sx, H + 40, 60, 14, p.accent);
      c.rect(sx + 27, H + 54, 6, 90, shade(p.accent, 0.8));
    }
  },
  exterior(c, p, s) {
    const H = Math.round(c.height * 0.7);
    for (let y = 0; y < H; y++) c.rect(0, y, c.width, 1, mix([120, 176, 224], [214, 232, 244], y / H));
    c.ellipse(c.width - 150, 90, 40, 40, [255, 236, 170]);
    for (let y = H; y < c.height; y++)
      c.rect(0, y, c.width, 1, shade([108, 156, 84], 0.9 + ((y - H) / c.height) * 0.3));
    const hx = 150 + (s % 3) * 30;
    c.box(hx, H - 320, 560, 320, p.wall);
    for (let i = 0; i < 3; i++) windowAt(c, p, hx + 50 + i * 180, H - 280, 110, 90);
    c.box(hx + 230, H - 150, 100, 150, p.wood);
    c.rect(hx - 30, H - 340, 620, 24, p.accent);
    c.box(hx - 60, H - 10, 680, 30, shade(p.floor, 1.1));
    c.rect(hx - 40, H - 180, 12, 190, p.wood);
    c.rect(hx + 600, H - 180, 12, 190, p.wood);
    c.rect(hx - 40, H - 190, 652, 14, p.wood);
    plant(c, 40, H + 80, 170);
    plant(c, c.width - 150, H + 70, 150);
  },
  other(c, p, s) {
    rooms['living-room'](c, p, s);
  },
};

/** A drawn picture of `room` in `style`, its furniture placed by `seed`. */
export function ideaPng(room: IdeaRoom, style: IdeaStyle | undefined, seed: number, width = 960, height = 720): Buffer {
  const c = new Canvas(width, height);
  rooms[room](c, PALETTES[style ?? 'other'], seed);
  return c.png();
}
