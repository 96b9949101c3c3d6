/**
 * Ideas: pictures of real rooms (a business's portfolio pictures and the pictures of its finished jobs), tagged with
 * a room and a style, browsed by room, style, town and service, saved to boards, and turned into a request
 * ("ask for offers like this"). Shared by the API (lambdas/), the public pages (lambdas/site) and the web app: the
 * rooms and styles, the limits, the addresses' words, and the rule that suggests a picture's tags.
 */
import type { Currency } from './languages';

/** The rooms a picture can show (the id is also its English address word). */
export const IDEA_ROOMS = [
  'kitchen',
  'living-room',
  'bedroom',
  'bathroom',
  'childrens-room',
  'office',
  'shop-restaurant',
  'exterior',
  'other',
] as const;
export type IdeaRoom = (typeof IDEA_ROOMS)[number];

/** The styles a picture can have (optional; the id is also its English address word). */
export const IDEA_STYLES = [
  'modern',
  'classic',
  'minimalist',
  'industrial',
  'rustic',
  'scandinavian',
  'other',
] as const;
export type IdeaStyle = (typeof IDEA_STYLES)[number];

/** Albanian address words of the rooms (their Albanian names folded), by room. */
export const ROOM_SLUGS_SQ: Record<IdeaRoom, string> = {
  kitchen: 'kuzhina',
  'living-room': 'sallon',
  bedroom: 'dhoma-gjumi',
  bathroom: 'banjo',
  'childrens-room': 'dhoma-femijeve',
  office: 'zyra',
  'shop-restaurant': 'dyqane-restorante',
  exterior: 'eksterier',
  other: 'te-tjera',
};

/** Albanian address words of the styles, by style. */
export const STYLE_SLUGS_SQ: Record<IdeaStyle, string> = {
  modern: 'moderne',
  classic: 'klasike',
  minimalist: 'minimaliste',
  industrial: 'industriale',
  rustic: 'rustike',
  scandinavian: 'skandinave',
  other: 'te-tjera',
};

export const isIdeaRoom = (v: unknown): v is IdeaRoom => IDEA_ROOMS.includes(v as IdeaRoom);
export const isIdeaStyle = (v: unknown): v is IdeaStyle => IDEA_STYLES.includes(v as IdeaStyle);

/** Pictures of one finished job a business may show as ideas. */
export const MAX_JOB_PICTURES = 6;
/** Boards a client may keep. */
export const MAX_BOARDS = 50;
/** Ideas one board may hold. */
export const MAX_BOARD_IDEAS = 500;
/** A board's name, in characters. */
export const BOARD_NAME_MAX = 60;
/** Ideas a public gallery page shows (and the app asks for at a time). */
export const IDEAS_PAGE_SIZE = 24;
/**
 * A gallery page with fewer ideas than this is thin: `noindex` and out of the sitemap (as a directory page with no
 * business is).
 */
export const IDEAS_INDEXABLE_MIN = 3;
/** Ideas an idea's page shows from the same business, and similar ones. */
export const IDEAS_MORE_FROM_BUSINESS = 6;
export const IDEAS_SIMILAR = 6;
/** Ideas the request form shows for the chosen service and town. */
export const IDEAS_ON_REQUEST_FORM = 4;

/** Where a picture comes from: the business's portfolio, or one of its finished jobs. */
export const IDEA_SOURCES = ['portfolio', 'job'] as const;
export type IdeaSource = (typeof IDEA_SOURCES)[number];

/**
 * The filters a list of ideas can have, each one Query of its own partition (docs/access-patterns/ideas.md):
 * none, a room, a room in a town, a style, a service, a service in a town, or one business's ideas.
 */
export const IDEA_LIST_SHAPES = [
  [],
  ['room'],
  ['room', 'town'],
  ['style'],
  ['service'],
  ['service', 'town'],
  ['business'],
] as const;
export type IdeaFilter = { room?: IdeaRoom; style?: IdeaStyle; town?: string; service?: string; business?: string };

/** Whether a set of filters is one of IDEA_LIST_SHAPES. */
export function isIdeaListShape(filter: IdeaFilter): boolean {
  const given = (['room', 'style', 'town', 'service', 'business'] as const).filter((k) => filter[k] !== undefined);
  return IDEA_LIST_SHAPES.some(
    (shape) => shape.length === given.length && shape.every((k) => (given as readonly string[]).includes(k)),
  );
}

/** What a client sees of what a job cost: a band between two boundaries (an open end has none), never the price. */
export interface PriceBand {
  /** At least this (absent: the lowest band). */
  min?: number;
  /** Less than this (absent: the highest band). */
  max?: number;
}

/**
 * The boundaries of the price bands, in each currency a stage can use: a price falls in the band between the two
 * boundaries around it (below the first: "under"; from the last on: "over"). Wide enough that a band never gives
 * the deal away.
 */
export const PRICE_BAND_BOUNDARIES: Record<Currency, readonly number[]> = {
  EUR: [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000],
  USD: [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000],
  ALL: [50_000, 100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000],
};

/** The band a price falls in. */
export function priceBandOf(price: number, currency: Currency): PriceBand {
  const bounds = PRICE_BAND_BOUNDARIES[currency];
  const above = bounds.findIndex((b) => price < b);
  if (above === 0) return { max: bounds[0] };
  if (above === -1) return { min: bounds[bounds.length - 1] };
  return { min: bounds[above - 1], max: bounds[above] };
}

/** Whether `band` is one of the bands of `currency` (a stored band read back). */
export function isPriceBand(band: PriceBand, currency: Currency): boolean {
  const probe = band.min ?? 0;
  const found = priceBandOf(probe, currency);
  return found.min === band.min && found.max === band.max;
}

/** The room a service's pictures usually show, where one is obvious (the tag form suggests it). */
const ROOM_OF_SERVICE: Partial<Record<string, IdeaRoom>> = {
  bathroom: 'bathroom',
  outdoor: 'exterior',
};

/**
 * The tags the form suggests for a new picture of a business: the room and style it used most on its last pictures
 * (a kitchen maker's next picture is likely a kitchen too), else the room its service usually shows; the service of
 * the job, else the business's first.
 */
export function suggestIdeaTags(input: {
  services: readonly string[];
  recent: readonly { room: IdeaRoom; style?: IdeaStyle }[];
  jobServices?: readonly string[];
}): { room?: IdeaRoom; style?: IdeaStyle; service?: string } {
  const most = <T extends string>(values: (T | undefined)[]): T | undefined => {
    const counts = new Map<T, number>();
    for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  };
  const service = input.jobServices?.[0] ?? input.services[0];
  const room = most(input.recent.map((r) => r.room)) ?? (service ? ROOM_OF_SERVICE[service] : undefined);
  const style = most(input.recent.map((r) => r.style));
  return { ...(room ? { room } : {}), ...(style ? { style } : {}), ...(service ? { service } : {}) };
}

/** The app's page of one idea (save it to a board, ask for offers like it, report it). */
export const IDEA_APP_PATH = '/ideas/:id';
export const ideaAppPath = (id: string) => `/ideas/${encodeURIComponent(id)}`;
/** The app's boards ("My ideas") and one board. */
export const BOARDS_APP_PATH = '/boards';
export const BOARD_APP_PATH = '/boards/:id';
export const boardAppPath = (id: string) => `/boards/${encodeURIComponent(id)}`;
/** The request form, prefilled from an idea ("ask for offers like this"). */
export const IDEA_QUERY_PARAM = 'idea';
export const requestLikeIdeaPath = (id: string) => `/post/create?${IDEA_QUERY_PARAM}=${encodeURIComponent(id)}`;
