/**
 * Every copy one record keeps of another, declared once (COPIES below): so that every list page is one Query, the
 * items it lists carry what they show of other records. Each declaration names its source record, the version copies
 * move forward by, what is copied (the projection), the attribute of each target holding it, and how the targets are
 * found. Three readers apply them, the same way (lambdas/data/copies.ts): the write path (a data write of a source
 * notes the refresh, run before the request answers), the stream's consumers (one per copy, from every change of a
 * source whose projection moved) and `npm run copies:rebuild`. A copy is only ever written forward: on condition its
 * target exists and holds an older version (or the same version showing something else), so a slower refresh never
 * undoes a newer one and running one again changes nothing. docs/architecture.md's table of copies is made from here.
 *
 * Adding a copied field: add it to the projection (and its shape) below, and to the convergence test's expectations.
 */
import type { PlanId } from '../../common/constants';
import { openIndexEntryKeys, type StoredPost } from './posts';
import type { StoredBusiness, StoredUser } from './users';
import type { StoredRoom } from './rooms';
import { entryKeys, type StoredAd } from './ads';
import type { StoredFinishedJob } from './reviews';
import { ideaEntryKeys, ideaKeys, priceBandCopyOf, type StoredIdea } from './ideas';
import { keys } from './keys';

/**
 * What an offer holds of its post (docs/access-patterns.md, "A post's summary on its offers"): the fields of its
 * summary (images as stored keys), whether moderation hid it, its owner, and `v`, the post's `summaryVersion` when
 * copied. Copies are written only forward (a higher `v`), so a slower refresh never overwrites a newer one.
 */
export interface PostCopy {
  v: number;
  _id: string;
  title: string;
  images: string[];
  location: string;
  category: string[];
  status: StoredPost['status'];
  hidden: boolean;
  /** The client who posted it (never changes): the owner check of its offers' list. */
  userId: string;
}

/** The copy of a post that was deleted: its offers show no summary, its offers' list answers 404. */
export interface GonePostCopy {
  _id: string;
  gone: true;
}

export const isGonePostCopy = (copy: PostCopy | GonePostCopy): copy is GonePostCopy => 'gone' in copy;

export const postCopyOf = (post: StoredPost): PostCopy => ({
  v: post.summaryVersion ?? 0,
  _id: post._id,
  title: post.title,
  images: post.images ?? [],
  location: post.location,
  category: post.category ?? [],
  status: post.status,
  hidden: !!post.hidden,
  userId: post.userId,
});

/**
 * The version of a profile that copies of it carry (chat rooms, verification requests), so a copy only ever moves
 * forward: a business's `updatedAt` (every profile edit moves it, on condition of the one it read, so edits are
 * ordered; `createdAt` before the first), a client's `revision` (every update adds 1 to it; 0 before the first).
 */
export const businessVersion = (b: Pick<StoredBusiness, 'updatedAt' | 'createdAt'>) => b.updatedAt ?? b.createdAt;

export const userRevision = (u: Pick<StoredUser, 'revision'>) => u.revision ?? 0;

/**
 * What a business's card shows wherever it is listed (a request's offers, search hits, the Sponsored strip), as
 * COPIED onto each of those items (docs/access-patterns.md, "A business's card on its offers, ads and search
 * entries"): the owner's sub (who may see it hidden), name, picture (key), rating aggregate, badge, finished jobs
 * , moderation's mark and its paid plan (the mark its offers carry; search puts it first at equal standing), and
 * what an idea's card shows besides (its town, its public page's address and whether that page is on). `v` is
 * the business's `cardVersion` the copy was taken at: copies are only written forward; a plan change moves it too.
 */
export const BUSINESS_CARD_FIELDS = [
  'cognitoId',
  'businessName',
  'profilePicture',
  'ratingSum',
  'reviewCount',
  'verified',
  'finishedJobsCount',
  'hidden',
  'plan',
  'location',
  'slug',
  'publicPage',
] as const;

export type BusinessCardCopy = Omit<
  Pick<StoredBusiness, (typeof BUSINESS_CARD_FIELDS)[number]>,
  'plan' | 'location' | 'publicPage'
> & {
  /** A paid plan (absent on Basic). */
  plan?: PlanId;
  /** Its town (an idea's card shows it; copies taken before it was copied have none). */
  location?: string;
  /** false: its public page is off (its ideas leave the public pages); absent: on. */
  publicPage?: false;
  v: number;
  /** The business was erased (its owner deleted the account): what stays of its work shows "former business". */
  former?: true;
};

/** The card copy of a business record as read (absent counters as 0, no undefined attribute). */
export function businessCardCopy(record: StoredBusiness): BusinessCardCopy {
  return {
    v: record.cardVersion ?? 0,
    cognitoId: record.cognitoId,
    businessName: record.businessName,
    ...(record.profilePicture ? { profilePicture: record.profilePicture } : {}),
    ratingSum: record.ratingSum ?? 0,
    reviewCount: record.reviewCount ?? 0,
    verified: record.verified === true,
    finishedJobsCount: record.finishedJobsCount ?? 0,
    ...(record.hidden ? { hidden: { reason: record.hidden.reason, at: record.hidden.at } } : {}),
    ...(record.plan && record.plan !== 'basic' ? { plan: record.plan } : {}),
    ...(record.location ? { location: record.location } : {}),
    ...(record.slug ? { slug: record.slug } : {}),
    ...(record.publicPage === false ? { publicPage: false as const } : {}),
  };
}

/** Whether two card copies show the same (their versions aside); a missing copy is never the same. */
export function sameCard(a: BusinessCardCopy | undefined, b: BusinessCardCopy | undefined): boolean {
  if (!a || !b) return false;
  return BUSINESS_CARD_FIELDS.every((f) =>
    f === 'hidden'
      ? a.hidden?.reason === b.hidden?.reason && a.hidden?.at === b.hidden?.at
      : (a[f] ?? undefined) === (b[f] ?? undefined),
  );
}

/** What a room keeps of its client: public fields only (picture as its key). */
export const roomUser = ({ username, profilePicture }: StoredUser): StoredRoom['user'] => ({
  username,
  ...(profilePicture ? { profilePicture } : {}),
});

/** What a room keeps of its business: public fields only (picture as its key). */
export const roomBusiness = ({ businessName, profilePicture, location }: StoredBusiness): StoredRoom['business'] => ({
  businessName,
  ...(profilePicture ? { profilePicture } : {}),
  ...(location ? { location } : {}),
});

/** What a pending verification request keeps of its business for the moderators' queue. */
export const verificationCopyOf = ({ businessName, location }: Pick<StoredBusiness, 'businessName' | 'location'>) => ({
  businessName,
  location,
});

// ---- The registry ----

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/**
 * The records copies are taken from, their keys and the attribute holding the id their key is made of (`_id` unless
 * `idOn` says otherwise: a finished job's key is its request's).
 */
export const COPY_SOURCES: Record<
  'user' | 'business' | 'post' | 'finishedJob',
  { what: string; key: (id: string) => Key; idOn?: string }
> = {
  user: { what: "a client's profile", key: keys.user },
  business: { what: "a business's profile", key: keys.business },
  post: { what: 'a request', key: keys.post },
  finishedJob: { what: 'a finished job', key: keys.finishedJob, idOn: 'postId' },
};
export type CopySource = keyof typeof COPY_SOURCES;
interface SourceRecords {
  user: StoredUser;
  business: StoredBusiness;
  post: StoredPost;
  finishedJob: StoredFinishedJob;
}

/** The attributes an idea's gallery entries are found by (ideaEntryKeys), read from the idea. */
const IDEA_ENTRY_ATTRIBUTES = ['_id', 'createdAt', 'room', 'town', 'service'] as const;

/** An idea's targets of a copy: its gallery entries first, the idea last (an idea showing it had its entries written). */
const ideaTargets = (idea: Item): Key[] => [
  ...ideaEntryKeys(idea as unknown as StoredIdea),
  ideaKeys.idea(String(idea._id)),
];

/**
 * Where a copy's targets are: the items one Query finds (of the table, or of an index, by partition and optionally a
 * sort-key prefix), each standing for the targets `keysOf` gives (by default the item itself); or keys known
 * from the source alone.
 */
export type CopyTargets<S> = { what: string } & (
  | {
      query: {
        index?: 'GSI1' | 'GSI2';
        partition: (source: S) => string;
        skPrefix?: string;
        /** Read strongly consistent (the table only): a target written just before the change is found. */
        consistent?: boolean;
        /** Only the items whose `state` is this. */
        state?: string;
        /** The attributes `keysOf` reads (the copy and its version are read besides, for the item itself). */
        attributes?: readonly string[];
        /** Attributes `keysOf` reads when an item has them (an item without them still stands for its targets). */
        optionalAttributes?: readonly string[];
      };
      /** The targets an item found stands for, written in this order (the last after the others). */
      keysOf?: (item: Item) => Key[];
    }
  | { keys: (source: S) => Key[] }
);

export interface CopyDeclaration<S, C> {
  /** What is copied, and the pages that show it from their own items (docs/architecture.md's table). */
  what: string;
  shownOn: string;
  source: CopySource;
  /** The source's fields the projection reads: a write of any of them moves the copy. */
  fields: readonly string[];
  project: (source: S) => C;
  /**
   * Where each target keeps it: one attribute holding the copy, or the copy's fields at the top of the item.
   * The version: `inCopy` when the copy carries it as `v` (the source's `field`), else the target attribute `at`
   * holding `of(source)`.
   */
  holds: { attribute: string } | { fields: readonly string[] };
  /** The attribute of a target naming its source's id (a target written new is checked against its source). */
  sourceIdOn: string;
  version: { field: string; inCopy: true } | { field: string; at: string; of: (source: S) => number | string };
  targets: readonly CopyTargets<S>[];
  /** More to set on a target beside the copy (a name token's search sort key follows its plan). */
  alsoSet?: (target: Key, copy: C) => Item | undefined;
  /** A target takes the copy only while this holds (names `#w0`..., values `:w0`...). */
  onlyWhile?: { condition: string; names: Record<string, string>; values: Item; what: string };
  /** What the targets keep when the source is deleted (absent: they are left as they are). */
  whenGone?: (sourceId: string) => C;
}

const declare = <K extends CopySource, C>(d: CopyDeclaration<SourceRecords[K], C> & { source: K }) => d;

// Built by one call marked pure: a bundle that never reads the registry leaves it out.
export const COPIES = /* @__PURE__ */ (() =>
  ({
    clientName: declare({
      what: "The client's name",
      shownOn: "open lists, a client's posts, a post's detail",
      source: 'user',
      fields: ['username'],
      project: (u) => u.username,
      holds: { attribute: 'clientName' },
      sourceIdOn: 'userId',
      version: { field: 'revision', at: 'clientNameVersion', of: (u) => userRevision(u) },
      targets: [
        {
          what: "the client's posts (GSI1 `USERPOSTS#{id}`) and, while one is open, its open-list entries",
          query: {
            index: 'GSI1',
            partition: (u) => keys.userPostsPartition(u._id),
            attributes: ['_id', 'createdAt', 'category', 'location', 'status', 'hidden'],
          },
          // The entries first, the post last: a post that shows the name had its entries written before it.
          keysOf: (p) => [
            ...(p.status === 'open' && !p.hidden ? openIndexEntryKeys(p as unknown as StoredPost) : []),
            keys.post(String(p._id)),
          ],
        },
      ],
    }),
    businessCard: declare({
      what: "The business's card: owner, name, picture, rating, badge, finished jobs, plan, moderation's mark, town, public page",
      shownOn: "a post's offers, search, the Sponsored strip, a business's ads and finished jobs, the ideas' gallery",
      source: 'business',
      fields: [...BUSINESS_CARD_FIELDS, 'cardVersion'],
      project: businessCardCopy,
      holds: { attribute: 'business' },
      sourceIdOn: 'businessId',
      version: { field: 'cardVersion', inCopy: true },
      targets: [
        {
          what: 'its search entries (`NAMETOKEN#` items of its partition)',
          query: { partition: (b) => keys.business(b._id).pk, skPrefix: 'NAMETOKEN#', consistent: true },
        },
        {
          what: 'its offers (GSI2 `BUSINESSOFFERS#{id}`)',
          query: { index: 'GSI2', partition: (b) => keys.businessOffersPartition(b._id) },
        },
        {
          what: 'its ads (GSI2 `BUSINESSADS#{id}`)',
          query: { index: 'GSI2', partition: (b) => keys.businessAdsPartition(b._id) },
        },
        {
          what: 'its finished jobs (GSI1 `BUSINESSJOBS#{id}`)',
          query: { index: 'GSI1', partition: (b) => keys.businessJobsPartition(b._id) },
        },
        {
          what: "its live runs' entries on the Sponsored strips",
          query: {
            index: 'GSI2',
            partition: (b) => keys.businessAdsPartition(b._id),
            state: 'live',
            attributes: ['_id', 'towns', 'category'],
          },
          keysOf: (ad) => entryKeys(ad as unknown as StoredAd),
        },
        {
          what: "its ideas (GSI1 `BUSINESSIDEAS#{id}`) and each idea's gallery entries (written before the idea)",
          query: {
            index: 'GSI1',
            partition: (b) => ideaKeys.businessIdeasPartition(b._id),
            attributes: IDEA_ENTRY_ATTRIBUTES,
            optionalAttributes: ['style', 'hidden'],
          },
          keysOf: ideaTargets,
        },
      ],
      // A name token's place on the search index follows the plan (a dearer plan first: lambdas/model/search.ts).
      alsoSet: (target, card) =>
        target.sk.startsWith(NAME_TOKEN_PREFIX)
          ? {
              gsi1sk: keys.businessNameToken(
                target.pk.slice(BUSINESS_PK_PREFIX.length),
                target.sk.slice(NAME_TOKEN_PREFIX.length),
                card.plan,
              ).gsi1sk,
            }
          : undefined,
    }),
    postSummary: declare({
      what: "The post's summary and owner (title, pictures, town, services, status, moderation's mark)",
      shownOn: "a business's offers, a post's offers (the owner check)",
      source: 'post',
      fields: ['summaryVersion', 'title', 'images', 'location', 'category', 'status', 'hidden', 'userId'],
      project: postCopyOf,
      holds: { attribute: 'post' },
      sourceIdOn: 'postId',
      version: { field: 'summaryVersion', inCopy: true },
      targets: [
        {
          what: 'its offers, found through its one-offer-per-business guards (`OFFERBY#` items of its partition)',
          query: {
            partition: (p) => keys.post(p._id).pk,
            skPrefix: 'OFFERBY#',
            consistent: true,
            attributes: ['offerId'],
          },
          keysOf: (guard) => [keys.offer(String(guard.offerId))],
        },
      ],
      // A deleted post's remaining offers keep only that it is gone (their list answers 404).
      whenGone: (postId) => ({ _id: postId, gone: true }) as unknown as PostCopy,
    }),
    priceBand: declare({
      what: "A finished job's price band, while its client lets it show",
      shownOn: "the ideas' gallery, an idea's page",
      source: 'finishedJob',
      fields: ['bandConsent', 'priceBand', 'bandVersion'],
      project: priceBandCopyOf,
      holds: { attribute: 'priceBand' },
      sourceIdOn: 'postId',
      version: { field: 'bandVersion', inCopy: true },
      targets: [
        {
          what: "the job's ideas (GSI2 `JOBIDEAS#{postId}`) and each idea's gallery entries (written before the idea)",
          query: {
            index: 'GSI2',
            partition: (job) => ideaKeys.jobIdeasPartition(job.postId),
            attributes: IDEA_ENTRY_ATTRIBUTES,
            optionalAttributes: ['style', 'hidden'],
          },
          keysOf: ideaTargets,
        },
      ],
    }),
    roomClient: declare({
      what: "The client's name and picture",
      shownOn: 'chat rooms of a client or a business',
      source: 'user',
      fields: ['username', 'profilePicture'],
      project: roomUser,
      holds: { attribute: 'user' },
      sourceIdOn: 'clientId',
      version: { field: 'revision', at: 'userRevision', of: (u) => userRevision(u) },
      targets: [
        {
          what: "the client's rooms (GSI2 `UROOMS#{sub}`)",
          query: { index: 'GSI2', partition: (u) => keys.clientRoomsPartition(u.cognitoId) },
        },
      ],
    }),
    roomBusiness: declare({
      what: "The business's name, picture and town",
      shownOn: 'chat rooms of a client or a business',
      source: 'business',
      fields: ['businessName', 'profilePicture', 'location'],
      project: roomBusiness,
      holds: { attribute: 'business' },
      sourceIdOn: 'businessId',
      version: { field: 'updatedAt', at: 'businessVersion', of: (b) => businessVersion(b) },
      targets: [
        {
          what: "the business's rooms (GSI1 `BROOMS#{sub}`)",
          query: { index: 'GSI1', partition: (b) => keys.businessRoomsPartition(b.cognitoId) },
        },
      ],
    }),
    verificationName: declare({
      what: "The business's name and town",
      shownOn: 'the verification queue',
      source: 'business',
      fields: ['businessName', 'location'],
      project: verificationCopyOf,
      holds: { fields: ['businessName', 'location'] },
      sourceIdOn: 'businessId',
      version: { field: 'updatedAt', at: 'profileVersion', of: (b) => businessVersion(b) },
      targets: [
        { what: 'its verification request (`VERIFICATION` of its partition)', keys: (b) => [keys.verification(b._id)] },
      ],
      onlyWhile: {
        condition: '#w0 = :w0',
        names: { '#w0': 'status' },
        values: { ':w0': 'pending' },
        what: 'while the request waits',
      },
    }),
  }) as const)();

export type CopyName = keyof typeof COPIES;
/** A declaration of COPIES, whatever its source and shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCopy = CopyDeclaration<any, any>;
export const copyDeclaration = (name: CopyName): AnyCopy => COPIES[name] as AnyCopy;
/** The copies of one source. */
export const copiesOf = (source: CopySource): CopyName[] =>
  (Object.keys(COPIES) as CopyName[]).filter((name) => COPIES[name].source === source);

const NAME_TOKEN_PREFIX = 'NAMETOKEN#';
const BUSINESS_PK_PREFIX = 'BUSINESS#';

/** The version a copy of `source` carries. */
export function copyVersionOf(name: CopyName, source: object): number | string {
  const d = copyDeclaration(name);
  return 'inCopy' in d.version ? (d.project(source) as { v: number }).v : d.version.of(source);
}

/**
 * What a new target item holds of `source` when it is written with its copy (a new offer, ad, room, post or
 * verification request): the copy in its place and, when it is kept apart, its version.
 */
export function copyFields(name: CopyName, source: object): Item {
  const d = copyDeclaration(name);
  const copy = d.project(source) as Item;
  const placed = 'attribute' in d.holds ? { [d.holds.attribute]: copy } : { ...copy };
  return 'inCopy' in d.version ? placed : { ...placed, [d.version.at]: d.version.of(source) };
}

/** The source record a stream image or item is, if any (its key is its source's key for its own `_id`). */
export function sourceOf(item: Item | undefined): { source: CopySource; id: string } | undefined {
  if (!item) return undefined;
  for (const source of Object.keys(COPY_SOURCES) as CopySource[]) {
    const id = item[COPY_SOURCES[source].idOn ?? '_id'];
    if (typeof id !== 'string') continue;
    const key = COPY_SOURCES[source].key(id);
    if (item.pk === key.pk && item.sk === key.sk) return { source, id };
  }
  return undefined;
}

/** The source record an item's key is, if any (a source's key is a prefix and its id, and a fixed sort key). */
export function sourceOfKey(
  key: { pk?: unknown; sk?: unknown } | undefined,
): { source: CopySource; id: string } | undefined {
  if (typeof key?.pk !== 'string') return undefined;
  for (const source of Object.keys(COPY_SOURCES) as CopySource[]) {
    const { pk, sk } = COPY_SOURCES[source].key('');
    if (key.sk === sk && key.pk.startsWith(pk) && key.pk.length > pk.length)
      return { source, id: key.pk.slice(pk.length) };
  }
  return undefined;
}

/** The attributes a copy's write sets on its targets (the copy, its version, what is set beside it). */
export function copyAttributes(name: CopyName): string[] {
  const d = copyDeclaration(name);
  const placed = 'attribute' in d.holds ? [d.holds.attribute] : [...d.holds.fields];
  return [...placed, ...('inCopy' in d.version ? [] : [d.version.at]), ...(d.alsoSet ? ['gsi1sk'] : [])];
}
