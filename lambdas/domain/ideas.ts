/**
 * The rules of ideas (docs/features.md, "Ideas"): which picture a business may tag and how (its portfolio's, or its
 * own finished job's, with a service it offers), who sees an idea, and what an answer shows of it: never the job's
 * request (its client) or the exact price, only the band its client agreed to show; the business's card from its
 * copy. An idea whose business is hidden, suspended or closed is gone from every list and page for everyone but that
 * business and moderators; on the public pages, so is one whose business turned its public page off.
 */
import { randomUUID } from 'node:crypto';
import type { IdeaRoom, IdeaStyle } from '../../common/ideas';
import type { Board, Caller, Idea, IdeaBusiness } from '../../common/types';
import { badRequest, forbidden, notFound } from '../lib/errors';
import { imageUrl } from '../lib/images';
import { config } from '../lib/config';
import { isClosed, isSuspended } from '../data/suspensions';
import { ideaIdOf, priceBandCopyOf, type IdeaEntry, type StoredBoard, type StoredIdea } from '../model/ideas';
import type { StoredBusiness } from '../model/users';
import type { StoredPost } from '../model/posts';
import type { StoredFinishedJob } from '../model/reviews';
import { businessCardCopy } from '../model/copies';
import { businessTrust } from './profiles';

/** What a business asked to tag. */
export interface TagInput {
  picture: string;
  postId?: string;
  room: IdeaRoom;
  style?: IdeaStyle | null;
  service?: string;
}

/** Whether an idea's business may show its work to others now: not hidden by moderation, suspended or closed. */
export async function businessShowsIdeas(entry: Pick<IdeaEntry, 'business' | 'businessSub'>): Promise<boolean> {
  const card = entry.business;
  if (!card || card.hidden || card.former) return false;
  return !(await isSuspended(entry.businessSub)) && !(await isClosed(entry.businessSub));
}

/** The ideas of a page anyone may see (in the app); on the public pages (`publicPages`) not those of a page turned off. */
export async function shownIdeas<T extends IdeaEntry & { hidden?: unknown }>(
  entries: T[],
  opts: { publicPages?: boolean } = {},
): Promise<T[]> {
  const shown = await Promise.all(
    entries.map(
      async (e) =>
        !e.hidden && !(opts.publicPages && e.business?.publicPage === false) && (await businessShowsIdeas(e)),
    ),
  );
  return entries.filter((_, i) => shown[i]);
}

/** Whether `viewer` may see this idea: its business and moderators always (hidden too), others when it is shown. */
export async function maySeeIdea(idea: StoredIdea, viewer: Caller): Promise<boolean> {
  if (viewer.moderator || viewer.sub === idea.businessSub) return true;
  return !idea.hidden && (await businessShowsIdeas(idea));
}

/** 404 unless `viewer` may see the idea (a missing one too). */
export async function requireVisibleIdea(idea: StoredIdea | undefined, viewer: Caller): Promise<StoredIdea> {
  if (!idea || !(await maySeeIdea(idea, viewer))) throw notFound('No such idea');
  return idea;
}

/** What a request asked "like this idea" shows of it: the idea, its picture, the business that made it. */
export const referenceOf = (idea: Pick<StoredIdea, '_id' | 'picture' | 'businessId'>) => ({
  ideaId: idea._id,
  picture: imageUrl(idea.picture)!,
  businessId: idea.businessId,
});

/** The business as an idea shows it: its card's copy (its public page's address only while that page is on). */
export function ideaBusiness(entry: Pick<IdeaEntry, 'businessId' | 'business'>): IdeaBusiness {
  const card = entry.business;
  const picture = imageUrl(card.profilePicture);
  return {
    _id: entry.businessId,
    businessName: card.businessName,
    ...(picture ? { profilePicture: picture } : {}),
    ...(card.location ? { location: card.location } : {}),
    ...(card.slug && card.publicPage !== false ? { slug: card.slug } : {}),
    ...businessTrust(card),
  };
}

/**
 * An idea as the API answers it to `viewer`: its picture's address, tags, town, the business's card and the price
 * band its client lets show (in the stage's currency). Its business (and moderators) see its job's request, how many
 * boards hold it and moderation's mark too.
 */
export function toIdeaDto(
  idea: IdeaEntry & Partial<Pick<StoredIdea, 'postId' | 'saveCount' | 'hidden'>>,
  viewer?: Caller,
): Idea {
  const owner = !!viewer && (viewer.sub === idea.businessSub || !!viewer.moderator);
  const band = idea.priceBand?.band;
  return {
    _id: idea._id,
    picture: imageUrl(idea.picture)!,
    room: idea.room,
    ...(idea.style ? { style: idea.style } : {}),
    service: idea.service,
    town: idea.town,
    source: idea.source,
    createdAt: idea.createdAt,
    business: ideaBusiness(idea),
    ...(band ? { priceBand: { ...band, currency: config.currency } } : {}),
    ...(idea.size ? { width: idea.size.width, height: idea.size.height } : {}),
    ...(owner && idea.postId ? { postId: idea.postId } : {}),
    ...(owner ? { saveCount: Math.max(0, idea.saveCount ?? 0) } : {}),
    ...(owner && idea.hidden ? { hidden: idea.hidden } : {}),
  };
}

/**
 * The service of a picture: the one asked, which must be the job's or one the business offers (any, when neither
 * names one); else the first of those.
 */
function serviceFor(asked: string | undefined, offered: string[]): string {
  if (asked !== undefined) {
    if (offered.length && !offered.includes(asked))
      throw badRequest(
        'This service is not one of the job’s or the business’s services',
        [
          {
            field: 'service',
            message: 'not one of the services of the job or of the business',
            code: 'SERVICE_NOT_OFFERED',
          },
        ],
        'SERVICE_NOT_OFFERED',
      );
    return asked;
  }
  if (!offered.length)
    throw badRequest(
      'Choose the service of the picture',
      [{ field: 'service', message: 'the business offers no service yet: choose one', code: 'FIELD_REQUIRED' }],
      'FIELD_REQUIRED',
    );
  return offered[0];
}

/**
 * Where a tagged picture comes from and what it says: a finished job's picture (the caller's own job: 403 for
 * another's; its town; one of its request's services) or a portfolio picture (in the business's showroom: 400 else;
 * the business's town; one of its services).
 */
export function tagTarget(
  business: StoredBusiness,
  input: TagInput,
  job?: { job: StoredFinishedJob; post: Pick<StoredPost, 'category' | 'location'> | undefined },
): Pick<StoredIdea, 'source' | 'postId' | 'service' | 'town'> {
  if (input.postId !== undefined) {
    if (!job) throw notFound('This request has no finished job');
    if (job.job.businessId !== business._id)
      throw forbidden('Only the business that did the job may show its pictures');
    const services = job.post?.category?.length ? job.post.category : (business.categories ?? []);
    return {
      source: 'job',
      postId: input.postId,
      service: serviceFor(input.service, services),
      town: job.post?.location ?? job.job.post.location,
    };
  }
  if (!(business.showroom ?? []).includes(input.picture))
    throw badRequest(
      'Only a picture of your portfolio, or of one of your finished jobs, can be an idea',
      [
        {
          field: 'picture',
          message: 'not one of the portfolio pictures (name the finished job with postId)',
          code: 'INVALID_VALUE',
        },
      ],
      'INVALID_VALUE',
    );
  return {
    source: 'portfolio',
    service: serviceFor(input.service, business.categories ?? []),
    town: business.location,
  };
}

/** A new idea of `business` from a tagged picture. */
export function newIdea(
  business: StoredBusiness,
  input: TagInput,
  target: ReturnType<typeof tagTarget>,
  job: StoredFinishedJob | undefined,
  now: string,
  size?: StoredIdea['size'],
): StoredIdea {
  return {
    _id: ideaIdOf(business._id, input.picture),
    businessId: business._id,
    businessSub: business.cognitoId,
    picture: input.picture,
    ...target,
    room: input.room,
    ...(input.style ? { style: input.style } : {}),
    createdAt: now,
    updatedAt: now,
    version: 0,
    business: businessCardCopy(business),
    ...(job ? { priceBand: priceBandCopyOf(job) } : {}),
    saveCount: 0,
    ...(size ? { size } : {}),
  };
}

/** An idea with new tags (its source stays what it was: 409 when the call names another). */
export function retagged(
  idea: StoredIdea,
  input: TagInput,
  target: ReturnType<typeof tagTarget>,
  now: string,
): StoredIdea {
  const { style: _old, ...rest } = idea;
  const style = input.style === undefined ? idea.style : (input.style ?? undefined);
  return {
    ...rest,
    room: input.room,
    ...(style ? { style } : {}),
    service: target.service,
    town: target.town,
    updatedAt: now,
    version: idea.version + 1,
  };
}

/** 403 unless the idea is the caller's business's. */
export function requireOwnIdea(idea: StoredIdea, caller: Caller): void {
  if (idea.businessSub !== caller.sub) throw forbidden('Only its business may change this idea');
}

// ---- Boards ----

export const newBoard = (ownerSub: string, name: string, now: string): StoredBoard => ({
  _id: randomUUID(),
  ownerSub,
  name,
  shared: false,
  ideaCount: 0,
  createdAt: now,
  updatedAt: now,
});

/** A board's owner may do anything with it; anyone may look at one its owner shares by link; else 404. */
export function requireBoardFor(
  board: StoredBoard | undefined,
  caller: Caller,
  action: 'read' | 'change',
): StoredBoard {
  if (!board) throw notFound('No such board');
  if (board.ownerSub === caller.sub) return board;
  if (action === 'read' && board.shared) return board;
  throw notFound('No such board');
}

export const toBoardDto = (board: StoredBoard, viewer: Caller): Board => {
  const cover = imageUrl(board.cover?.picture);
  return {
    _id: board._id,
    name: board.name,
    shared: board.shared,
    ideaCount: Math.max(0, board.ideaCount ?? 0),
    ...(cover ? { cover } : {}),
    createdAt: board.createdAt,
    updatedAt: board.updatedAt,
    own: board.ownerSub === viewer.sub,
  };
};
