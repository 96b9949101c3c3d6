/**
 * What each public page shows, read from the table (GetItem, Query, BatchGet: lambdas/data/publicPages.ts; the price
 * guide's figures: lambdas/data/priceGuide.ts) and cut down to what a visitor may see: a client appears as first
 * name and initial, with the review's text and stars only (never their email, request text or photos of their home).
 */
import type { Currency } from '../../common/languages';
import type { PriceFigure } from '../../common/priceGuide';
import { planRules } from '../../common/plans';
import { PUBLIC_SERVICE_IDS } from '../../common/publicPages';
import { listFinishedJobsOfBusiness } from '../data/finishedJobs';
import { readFigure, readServiceFigures } from '../data/priceGuide';
import { getBusinessBySlug, isPublic, listDirectory, listPublicBusinesses } from '../data/publicPages';
import type { StoredBusiness } from '../model/users';
import { businessTrust } from '../domain/profiles';
import { serviceTownsOf } from '../model/users';
import { config } from '../lib/config';
import { imageUrl } from '../lib/images';
import { serviceStrip } from '../domain/sponsoredStrip';
import { getBusinessesByIds } from '../data/batchReads';
import type { SponsoredRunCard } from './sponsored';
import {
  IDEAS_INDEXABLE_MIN,
  IDEAS_MORE_FROM_BUSINESS,
  IDEAS_PAGE_SIZE,
  IDEAS_SIMILAR,
  type IdeaRoom,
  type IdeaStyle,
  type PriceBand,
} from '../../common/ideas';
import type { IdeasPage } from '../../common/publicPages';
import { allGalleryEntries, getIdea, getIdeasByIds, listGallery, listIdeasOfBusiness } from '../data/ideas';
import { getBoard, listBoardItems } from '../data/boards';
import { shownIdeas } from '../domain/ideas';
import type { IdeaEntry } from '../model/ideas';

/** Reviews a profile shows (the newest). */
export const PROFILE_REVIEWS = 6;
/** Portfolio pictures a profile shows. */
export const PROFILE_PICTURES = 12;

export interface BusinessCardData {
  slug: string;
  name: string;
  /** CDN address of its picture (a processed width), if it has one. */
  picture?: string;
  location: string;
  towns: string[];
  categories: string[];
  ratingAverage: number;
  reviewCount: number;
  finishedJobs: number;
  verified: boolean;
  /** Its plan's place at equal standing (common/plans.ts rankingTier; not shown, only ordered by). */
  tier: number;
}

export interface PublicReview {
  author: string;
  rating: number;
  text: string;
  date: string;
  reply?: { text: string; date: string };
}

export interface BusinessPageData extends BusinessCardData {
  /** Its id (the view beacon reports to it). */
  id: string;
  description?: string;
  portfolio: string[];
  reviews: PublicReview[];
  createdAt: string;
  /** When what the page shows last changed (the sitemap's lastmod). */
  changedAt: string;
}

/** A client's name as the public pages show it: first name and the initial of the last ("Elira K."). */
export function publicClientName(full: string | undefined, fallback: string): string {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return fallback;
  if (words.length === 1) return words[0];
  return `${words[0]} ${Array.from(words[words.length - 1])[0].toUpperCase()}.`;
}

/** When a business's public page last changed: its profile, or a review of it or its reply. */
export const changedAt = (b: StoredBusiness) =>
  [b.createdAt, b.updatedAt, b.reviewsChangedAt]
    .filter((d): d is string => !!d)
    .sort()
    .at(-1)!;

export function toCard(b: StoredBusiness): BusinessCardData {
  const { ratingAverage, reviewCount, verified } = businessTrust(b);
  return {
    slug: b.slug!,
    name: b.businessName,
    picture: imageUrl(b.profilePicture ?? b.showroom?.[0]),
    location: b.location,
    towns: serviceTownsOf(b),
    categories: b.categories ?? [],
    ratingAverage,
    reviewCount,
    finishedJobs: b.finishedJobsCount ?? 0,
    verified,
    tier: planRules(b.plan).rankingTier,
  };
}

/**
 * Best first: rating (with at least one review), then reviews, then finished jobs; at equal standing a dearer plan
 * (Premium, then Standard, then Basic: common/plans.ts), then name. The pages say so (./directoryOrder.tsx).
 */
export const byStanding = (a: BusinessCardData, b: BusinessCardData) =>
  b.ratingAverage - a.ratingAverage ||
  b.reviewCount - a.reviewCount ||
  b.finishedJobs - a.finishedJobs ||
  b.tier - a.tier ||
  a.name.localeCompare(b.name);

export type BusinessLookup =
  { kind: 'found'; data: BusinessPageData } | { kind: 'moved'; slug: string } | { kind: 'gone' } | { kind: 'missing' };

/** The business a profile address names: its page, a redirect to its current address, gone (off/hidden) or missing. */
export async function loadBusiness(slug: string, clientFallback: string): Promise<BusinessLookup> {
  const record = await getBusinessBySlug(slug);
  if (!record?.slug) return { kind: 'missing' };
  if (!isPublic(record)) return { kind: 'gone' };
  if (record.slug !== slug) return { kind: 'moved', slug: record.slug };
  const jobs = await listFinishedJobsOfBusiness(record._id, { limit: PROFILE_REVIEWS * 2 });
  const reviews = jobs.items
    .filter((j) => !j.hidden)
    .slice(0, PROFILE_REVIEWS)
    .map((j): PublicReview => ({
      author: publicClientName(j.clientName, clientFallback),
      rating: j.rating,
      text: j.review,
      date: j.createdAt,
      ...(j.reply ? { reply: { text: j.reply.text, date: j.reply.editedAt ?? j.reply.createdAt } } : {}),
    }));
  return {
    kind: 'found',
    data: {
      ...toCard(record),
      id: record._id,
      picture: imageUrl(record.profilePicture),
      ...(record.description ? { description: record.description } : {}),
      portfolio: (record.showroom ?? [])
        .slice(0, PROFILE_PICTURES)
        .map((k) => imageUrl(k))
        .filter((u): u is string => !!u),
      reviews,
      createdAt: record.createdAt,
      changedAt: changedAt(record),
    },
  };
}

/** The price guide on a directory page (the rules: common/priceGuide.ts, lambdas/model/priceGuide.ts). */
export interface DirectoryGuide {
  /** The stage's currency, which the figures are in. */
  currency: Currency;
  /**
   * A service x town page: the pair's figure, else the service's across Albania (`scope` says which), else null.
   * A service page: the figure across Albania, or null.
   */
  figure: PriceFigure | null;
  /** A service page: every town with a figure of its own, most offers first (a service x town page: none). */
  towns: { town: string; figure: PriceFigure }[];
}

export interface DirectoryData {
  service: string;
  town?: string;
  businesses: BusinessCardData[];
  /** Towns of the service's businesses, with how many each (service page: links to its town pages). */
  towns: { town: string; count: number }[];
  guide: DirectoryGuide;
  /** The Sponsored block: live runs for the service (in the town), of businesses with a public page. */
  sponsored?: SponsoredRunCard[];
}

/** The live runs a directory page shows (their businesses' current names and public pages). */
export async function loadSponsored(service: string, town?: string): Promise<SponsoredRunCard[]> {
  const runs = await serviceStrip(service, town, new Date().toISOString());
  if (!runs.length) return [];
  const businesses = await getBusinessesByIds(runs.map((r) => r.businessId));
  return runs.flatMap((r) => {
    const b = businesses.get(r.businessId);
    if (!b?.slug || !isPublic(b)) return [];
    return [{ runId: r._id, slug: b.slug, name: b.businessName, ...(r.image ? { picture: imageUrl(r.image) } : {}) }];
  });
}

/** The guide of a directory page: one or two GetItems for a service x town page, one Query for a service page. */
export async function loadGuide(service: string, town?: string): Promise<DirectoryGuide> {
  const currency = config.currency;
  if (town) return { currency, figure: await readFigure(service, town), towns: [] };
  const { country, towns } = await readServiceFigures(service);
  return { currency, figure: country, towns };
}

export async function loadDirectory(service: string, town?: string): Promise<DirectoryData> {
  const [listed, guide, sponsored] = await Promise.all([
    listDirectory(service, town),
    loadGuide(service, town),
    loadSponsored(service, town),
  ]);
  const businesses = listed.map(toCard).sort(byStanding);
  const counts = new Map<string, number>();
  const all = town ? (await listDirectory(service)).map(toCard) : businesses;
  for (const b of all) for (const t of b.towns) counts.set(t, (counts.get(t) ?? 0) + 1);
  const towns = [...counts]
    .map(([t, count]) => ({ town: t, count }))
    .sort((a, b) => b.count - a.count || a.town.localeCompare(b.town));
  return { service, ...(town ? { town } : {}), businesses, towns, guide, sponsored };
}

export interface LandingData {
  stats: { businesses: number; finishedJobs: number; towns: number };
  services: { service: string; count: number }[];
  /** The fullest service x town pages (links into the directory). */
  pairs: { service: string; town: string; count: number }[];
  featured: BusinessCardData[];
  /** The newest ideas (a link into the gallery), and the stage's currency their bands are in. */
  ideas?: PublicIdea[];
  currency?: Currency;
}

/** Service x town pages with a business, from the public businesses. */
export function pairsOf(cards: BusinessCardData[]): { service: string; town: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const b of cards)
    for (const s of b.categories)
      for (const t of b.towns) counts.set(`${s}\u0000${t}`, (counts.get(`${s}\u0000${t}`) ?? 0) + 1);
  return [...counts].map(([k, count]) => {
    const [service, town] = k.split('\u0000');
    return { service, town, count };
  });
}

/** Ideas the landing shows. */
export const LANDING_IDEAS = 4;

export async function loadLanding(): Promise<LandingData> {
  const [records, ideas] = await Promise.all([listPublicBusinesses(), latestIdeas(LANDING_IDEAS)]);
  const cards = records.map(toCard);
  const towns = new Set(cards.flatMap((c) => c.towns));
  const services = PUBLIC_SERVICE_IDS.map((service) => ({
    service,
    count: cards.filter((c) => c.categories.includes(service)).length,
  }));
  const pairs = pairsOf(cards)
    .sort((a, b) => b.count - a.count || a.town.localeCompare(b.town))
    .slice(0, 12);
  return {
    stats: {
      businesses: cards.length,
      finishedJobs: cards.reduce((n, c) => n + c.finishedJobs, 0),
      towns: towns.size,
    },
    services,
    pairs,
    featured: [...cards].sort(byStanding).slice(0, 6),
    ideas,
    currency: config.currency,
  };
}

/** Everything the sitemaps list: the public businesses (with lastmod) and the service x town pages with a business. */
export async function loadSitemapData() {
  const records = await listPublicBusinesses();
  const cards = records.map(toCard);
  return {
    businesses: records.map((r) => ({ slug: r.slug!, lastmod: changedAt(r) })),
    pairs: pairsOf(cards),
    /** Service pages with a business (an empty one is noindex, so it is left out). */
    services: PUBLIC_SERVICE_IDS.filter((s) => cards.some((c) => c.categories.includes(s))),
  };
}

// ---- Ideas (docs/public-pages.md "Ideas") ----

/** An idea as the public pages show it: its picture, tags, town, business and the band its client lets show. */
export interface PublicIdea {
  id: string;
  /** CDN address of the picture (a processed width). */
  picture: string;
  /** The picture's size at its largest (its shape), when known. */
  size?: { width: number; height: number };
  room: IdeaRoom;
  style?: IdeaStyle;
  service: string;
  town: string;
  source: 'portfolio' | 'job';
  createdAt: string;
  business: {
    id: string;
    name: string;
    /** Its public page's address word (it is public: only such ideas are shown). */
    slug?: string;
    picture?: string;
    location?: string;
    ratingAverage: number;
    reviewCount: number;
    verified: boolean;
  };
  band?: PriceBand;
}

export const toPublicIdea = (e: IdeaEntry): PublicIdea => {
  const card = e.business;
  const { ratingAverage, reviewCount, verified } = businessTrust(card);
  return {
    id: e._id,
    picture: imageUrl(e.picture)!,
    ...(e.size ? { size: e.size } : {}),
    room: e.room,
    ...(e.style ? { style: e.style } : {}),
    service: e.service,
    town: e.town,
    source: e.source,
    createdAt: e.createdAt,
    business: {
      id: e.businessId,
      name: card.businessName,
      ...(card.slug ? { slug: card.slug } : {}),
      ...(card.profilePicture ? { picture: imageUrl(card.profilePicture) } : {}),
      ...(card.location ? { location: card.location } : {}),
      ratingAverage,
      reviewCount,
      verified,
    },
    ...(e.priceBand?.band ? { band: e.priceBand.band } : {}),
  };
};

/** Queries a gallery page may take to fill its page when some of what it read is not shown (hidden businesses). */
const GALLERY_READS = 3;

export interface IdeasData {
  page: IdeasPage;
  ideas: PublicIdea[];
  /** The position of the next page, when there is one. */
  next?: string;
  /** The towns the page's ideas are in (links to the room's page in that town). */
  towns: string[];
  /** The stage's currency (the bands are in it). */
  currency: Currency;
}

/**
 * A gallery page (`/ide...`): one Query of its partition (docs/access-patterns.md "Ideas"), a few more only when ideas
 * of businesses that are hidden, suspended, closed or off the public pages left it short. An unknown position is no
 * page (undefined: a 404).
 */
export async function loadIdeas(page: IdeasPage): Promise<IdeasData | undefined> {
  const shown: IdeaEntry[] = [];
  let cursor = page.after;
  for (let read = 0; read < GALLERY_READS && shown.length < IDEAS_PAGE_SIZE; read++) {
    let got;
    try {
      got = await listGallery(page, { limit: IDEAS_PAGE_SIZE - shown.length, cursor });
    } catch (err) {
      if ((err as { code?: string }).code === 'INVALID_CURSOR') return undefined;
      throw err;
    }
    shown.push(...(await shownIdeas(got.items, { publicPages: true })));
    cursor = got.nextCursor;
    if (!cursor) break;
  }
  const ideas = shown.map(toPublicIdea);
  const towns = [...new Set(ideas.map((i) => i.town))].sort((a, b) => a.localeCompare(b, 'sq'));
  return { page, ideas, ...(cursor ? { next: cursor } : {}), towns, currency: config.currency };
}

export interface IdeaPageData {
  idea: PublicIdea;
  moreFromBusiness: PublicIdea[];
  similar: PublicIdea[];
  currency: Currency;
}

export type IdeaLookup = { kind: 'found'; data: IdeaPageData } | { kind: 'gone' } | { kind: 'missing' };

/** An idea's page: the idea (GetItem), more of its business's (one Query) and similar ones (one or two Queries). */
export async function loadIdea(id: string): Promise<IdeaLookup> {
  const idea = await getIdea(id);
  if (!idea) return { kind: 'missing' };
  const [shown] = await shownIdeas([idea], { publicPages: true });
  if (!shown) return { kind: 'gone' };
  const others = (list: IdeaEntry[]) => list.filter((i) => i._id !== id);
  const [ofBusiness, sameRoomTown] = await Promise.all([
    listIdeasOfBusiness(idea.businessId, { limit: IDEAS_MORE_FROM_BUSINESS + 2 }),
    listGallery({ room: idea.room, town: idea.town }, { limit: IDEAS_SIMILAR + 1 }),
  ]);
  const moreFromBusiness = (await shownIdeas(others(ofBusiness.items), { publicPages: true })).slice(
    0,
    IDEAS_MORE_FROM_BUSINESS,
  );
  let similar = others(sameRoomTown.items).filter((i) => i.businessId !== idea.businessId);
  if (similar.length < IDEAS_SIMILAR) {
    const sameRoom = await listGallery({ room: idea.room }, { limit: IDEAS_SIMILAR * 2 });
    const seen = new Set(similar.map((i) => i._id));
    similar = [
      ...similar,
      ...others(sameRoom.items).filter((i) => !seen.has(i._id) && i.businessId !== idea.businessId),
    ];
  }
  similar = (await shownIdeas(similar, { publicPages: true })).slice(0, IDEAS_SIMILAR);
  return {
    kind: 'found',
    data: {
      idea: toPublicIdea(shown),
      moreFromBusiness: moreFromBusiness.map(toPublicIdea),
      similar: similar.map(toPublicIdea),
      currency: config.currency,
    },
  };
}

/** The most of a shared board the public page shows. */
export const BOARD_PAGE_IDEAS = 48;

export interface BoardPageData {
  id: string;
  name: string;
  ideas: PublicIdea[];
  currency: Currency;
}

/** A board its owner shares by link (GetItem, one Query of its items, one BatchGet of their ideas); else none. */
export async function loadBoard(id: string): Promise<BoardPageData | undefined> {
  const board = await getBoard(id);
  if (!board?.shared) return undefined;
  const items = await listBoardItems(id, { limit: BOARD_PAGE_IDEAS });
  const found = new Map((await getIdeasByIds(items.items.map((i) => i.ideaId))).map((i) => [i._id, i]));
  const listed = items.items.map((i) => found.get(i.ideaId)).filter((i) => i !== undefined);
  return {
    id,
    name: board.name,
    ideas: (await shownIdeas(listed, { publicPages: true })).map(toPublicIdea),
    currency: config.currency,
  };
}

/**
 * What the ideas' sitemap lists: every idea shown on the public pages, and every gallery (all ideas, each room, room
 * in a town, style and service) with at least IDEAS_INDEXABLE_MIN of them (a thinner one is noindex). Read from the
 * list of all ideas, a page of the Query after the other (the sitemap is kept by the CDN for an hour).
 */
export async function loadIdeasSitemap(): Promise<{
  ideas: { id: string; lastmod: string }[];
  galleries: IdeasPage[];
}> {
  const shown = await shownIdeas(await allGalleryEntries(), { publicPages: true });
  const counts = new Map<string, { page: IdeasPage; count: number }>();
  const count = (page: IdeasPage) => {
    const key = JSON.stringify(page);
    const had = counts.get(key);
    counts.set(key, { page, count: (had?.count ?? 0) + 1 });
  };
  for (const e of shown) {
    count({ kind: 'ideas' });
    count({ kind: 'ideas', room: e.room });
    count({ kind: 'ideas', room: e.room, town: e.town });
    if (e.style) count({ kind: 'ideas', style: e.style });
    count({ kind: 'ideas', service: e.service });
  }
  return {
    ideas: shown.map((e) => ({ id: e._id, lastmod: e.createdAt })),
    galleries: [...counts.values()].filter((c) => c.count >= IDEAS_INDEXABLE_MIN).map((c) => c.page),
  };
}

/** The newest ideas the landing shows (one Query of all ideas). */
export async function latestIdeas(limit: number): Promise<PublicIdea[]> {
  const page = await listGallery({}, { limit: limit * 2 });
  return (await shownIdeas(page.items, { publicPages: true })).slice(0, limit).map(toPublicIdea);
}
