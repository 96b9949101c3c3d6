/**
 * Ideas and boards as the table stores them (docs/access-patterns/ideas.md): their shapes, their keys, the gallery
 * entries each idea is listed by, and the copies they carry. No I/O: the reads and writes are lambdas/data/ideas.ts
 * and lambdas/data/boards.ts, the rules lambdas/domain/ideas.ts.
 *
 * An idea is one tagged picture of a business's work, `IDEA#{id}` / `IDEA`, its id made from the business and the
 * picture (tagging the same picture again finds the same idea). It is listed:
 *  - by its business, newest first: GSI1 `BUSINESSIDEAS#{businessId}` / `{createdAt}#{id}` (also where a change of the
 *    business's card finds its copies);
 *  - a finished job's pictures by their job: GSI2 `JOBIDEAS#{postId}` / `{id}` (where a change of the job's price band
 *    finds its copies);
 *  - in the gallery: one entry per list it belongs to (all ideas, its room, its room in its town, its style, its
 *    service, its service in its town), each a copy of what a gallery tile shows, so a gallery page is one Query.
 *
 * A board is `BOARD#{id}` / `BOARD`, listed by its owner on GSI1 `BOARDS#{ownerSub}`; each idea on it is
 * `BOARD#{id}` / `IDEA#{ideaId}` (one per idea and board: saving twice saves once), listed newest first on GSI1
 * `BOARDITEMS#{boardId}` and found from its idea on GSI2 `IDEASAVES#{ideaId}`. A client's count of boards is
 * `BOARDCOUNT#{ownerSub}` / `COUNT`.
 */
import { createHash } from 'node:crypto';
import type { IdeaRoom, IdeaSource, IdeaStyle, PriceBand } from '../../common/ideas';
import type { HiddenMark } from '../../common/types';
import type { BusinessCardCopy } from './copies';
import type { StoredFinishedJob } from './reviews';

/**
 * The copy of a finished job's price band an idea of the job carries: `v` is the job's `bandVersion` (every change of
 * its client's consent moves it), `band` only while the client lets it show.
 */
export interface PriceBandCopy {
  v: number;
  band?: PriceBand;
}

/** The copy of a job's price band its ideas carry: its version, and the band while its client lets it show. */
export const priceBandCopyOf = (job: Pick<StoredFinishedJob, 'bandConsent' | 'priceBand' | 'bandVersion'>) => ({
  v: job.bandVersion ?? 0,
  ...(job.bandConsent && job.priceBand ? { band: job.priceBand } : {}),
});

/** Whether two band copies show the same (their versions aside). */
export const sameBand = (a: PriceBandCopy | undefined, b: PriceBandCopy) =>
  !!a && a.band?.min === b.band?.min && a.band?.max === b.band?.max && !!a.band === !!b.band;

export interface StoredIdea {
  _id: string;
  businessId: string;
  /** The business's owner (who may change the idea). */
  businessSub: string;
  /** The picture's upload key (its processed widths are what is served). */
  picture: string;
  source: IdeaSource;
  /** A finished job's picture: the job's request. */
  postId?: string;
  room: IdeaRoom;
  style?: IdeaStyle;
  service: string;
  town: string;
  createdAt: string;
  updatedAt: string;
  /** Moves with every change of its tags (a change is written on condition of the version it read). */
  version: number;
  /** The business's card (lambdas/model/copies.ts COPIES.businessCard), versioned by its `cardVersion`. */
  business: BusinessCardCopy;
  /** A job's picture: the job's price band (lambdas/model/copies.ts COPIES.priceBand), versioned by its `bandVersion`. */
  priceBand?: PriceBandCopy;
  /** How many boards hold it now. */
  saveCount?: number;
  /** The processed picture's size (its largest width), so pages hold its place before it loads. */
  size?: { width: number; height: number };
  /** A moderator hid it: out of every list, 404 to all but its business and moderators. */
  hidden?: HiddenMark['hidden'];
}

/** What a gallery entry holds: the idea's list fields and its copies (never its job's request). */
export type IdeaEntry = Pick<
  StoredIdea,
  | '_id'
  | 'businessId'
  | 'businessSub'
  | 'picture'
  | 'source'
  | 'room'
  | 'style'
  | 'service'
  | 'town'
  | 'createdAt'
  | 'business'
  | 'priceBand'
  | 'size'
>;

export const ideaEntryOf = (idea: StoredIdea): IdeaEntry => ({
  _id: idea._id,
  businessId: idea.businessId,
  businessSub: idea.businessSub,
  picture: idea.picture,
  source: idea.source,
  room: idea.room,
  ...(idea.style ? { style: idea.style } : {}),
  service: idea.service,
  town: idea.town,
  createdAt: idea.createdAt,
  business: idea.business,
  ...(idea.priceBand ? { priceBand: idea.priceBand } : {}),
  ...(idea.size ? { size: idea.size } : {}),
});

export interface StoredBoard {
  _id: string;
  ownerSub: string;
  name: string;
  shared: boolean;
  ideaCount: number;
  /** The idea saved last (its picture is the board's cover); moves with every save and removal. */
  cover?: { ideaId: string; picture: string };
  createdAt: string;
  updatedAt: string;
}

export interface StoredBoardItem {
  boardId: string;
  ideaId: string;
  ownerSub: string;
  /** The idea's picture (an idea's picture never changes): the board's cover when it is the newest. */
  picture: string;
  savedAt: string;
}

/** An idea's id: the same for the same business and picture (22 url-safe characters). */
export const ideaIdOf = (businessId: string, pictureKey: string) =>
  createHash('sha256').update(`${businessId}\u0000${pictureKey}`).digest('base64url').slice(0, 22);

/** The gallery's partitions, by filter (common/ideas.ts IDEA_LIST_SHAPES). */
export const ideaPartitions = {
  all: 'IDEAS#ALL',
  room: (room: string) => `IDEAS#R#${room}`,
  roomTown: (room: string, town: string) => `IDEAS#R#${room}#T#${town}`,
  style: (style: string) => `IDEAS#S#${style}`,
  service: (service: string) => `IDEAS#C#${service}`,
  serviceTown: (service: string, town: string) => `IDEAS#C#${service}#T#${town}`,
};

/** The gallery partition of a filter (a business's ideas are on GSI1 instead: ideaKeys.businessIdeasPartition). */
export function galleryPartition(f: { room?: string; style?: string; town?: string; service?: string }): string {
  if (f.room) return f.town ? ideaPartitions.roomTown(f.room, f.town) : ideaPartitions.room(f.room);
  if (f.style) return ideaPartitions.style(f.style);
  if (f.service) return f.town ? ideaPartitions.serviceTown(f.service, f.town) : ideaPartitions.service(f.service);
  return ideaPartitions.all;
}

export const ideaKeys = {
  idea: (id: string) => ({ pk: `IDEA#${id}`, sk: 'IDEA' }),
  businessIdeasPartition: (businessId: string) => `BUSINESSIDEAS#${businessId}`,
  businessIdeasIndex: (businessId: string, createdAt: string, id: string) => ({
    gsi1pk: ideaKeys.businessIdeasPartition(businessId),
    gsi1sk: `${createdAt}#${id}`,
  }),
  jobIdeasPartition: (postId: string) => `JOBIDEAS#${postId}`,
  jobIdeasIndex: (postId: string, id: string) => ({ gsi2pk: ideaKeys.jobIdeasPartition(postId), gsi2sk: id }),
  entrySk: (createdAt: string, id: string) => `${createdAt}#${id}`,
  board: (id: string) => ({ pk: `BOARD#${id}`, sk: 'BOARD' }),
  boardsPartition: (ownerSub: string) => `BOARDS#${ownerSub}`,
  boardsIndex: (ownerSub: string, createdAt: string, id: string) => ({
    gsi1pk: ideaKeys.boardsPartition(ownerSub),
    gsi1sk: `${createdAt}#${id}`,
  }),
  boardItem: (boardId: string, ideaId: string) => ({ pk: `BOARD#${boardId}`, sk: `IDEA#${ideaId}` }),
  boardItemsPartition: (boardId: string) => `BOARDITEMS#${boardId}`,
  ideaSavesPartition: (ideaId: string) => `IDEASAVES#${ideaId}`,
  boardItemIndexes: (i: { boardId: string; ideaId: string; savedAt: string }) => ({
    gsi1pk: ideaKeys.boardItemsPartition(i.boardId),
    gsi1sk: `${i.savedAt}#${i.ideaId}`,
    gsi2pk: ideaKeys.ideaSavesPartition(i.ideaId),
    gsi2sk: i.boardId,
  }),
  boardCount: (ownerSub: string) => ({ pk: `BOARDCOUNT#${ownerSub}`, sk: 'COUNT' }),
};

/** The keys of every gallery entry of an idea (none while it is hidden). */
export function ideaEntryKeys(
  idea: Pick<StoredIdea, '_id' | 'createdAt' | 'room' | 'style' | 'town' | 'service' | 'hidden'>,
): { pk: string; sk: string }[] {
  if (idea.hidden) return [];
  const sk = ideaKeys.entrySk(idea.createdAt, idea._id);
  return [
    ideaPartitions.all,
    ideaPartitions.room(idea.room),
    ideaPartitions.roomTown(idea.room, idea.town),
    ...(idea.style ? [ideaPartitions.style(idea.style)] : []),
    ideaPartitions.service(idea.service),
    ideaPartitions.serviceTown(idea.service, idea.town),
  ].map((pk) => ({ pk, sk }));
}
