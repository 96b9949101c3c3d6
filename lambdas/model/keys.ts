import { createHash } from 'node:crypto';
import { config } from '../lib/config';
/** Key builders for every item of the single table (docs/access-patterns.md is the map). */
import type { PlanId } from '../../common/constants';
import { nameTokenPartition, planSortMark } from './search';

/** The shard of a sharded list an item id belongs to: a stable hash of the id, modulo the shard count. */
export const shardOf = (id: string, shards: number) =>
  createHash('sha256').update(id).digest().readUInt32BE(0) % shards;

/** The sort key of a user's notification state: `~` sorts after every digit and letter. */
const NOTIFICATION_STATE_SK = '~STATE';

/** The sort-key prefix of a closed account's item in the refused accounts' partition. */
const CLOSED_ACCOUNT_PREFIX = 'CLOSED#';

export const keys = {
  account: (sub: string) => ({ pk: `ACCOUNT#${sub}`, sk: 'ACCOUNT' }),
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' }),
  business: (id: string) => ({ pk: `BUSINESS#${id}`, sk: 'PROFILE' }),
  /** A business name token (pattern 3): within one token, businesses on a dearer plan come first (planSortMark). */
  businessNameToken: (id: string, token: string, plan: PlanId | undefined) => ({
    pk: `BUSINESS#${id}`,
    sk: `NAMETOKEN#${token}`,
    gsi1pk: nameTokenPartition(token),
    gsi1sk: `${token}#${planSortMark(plan)}${id}`,
  }),
  /** A business's verification request (one per business, replaced when it asks again after a refusal). */
  verification: (businessId: string) => ({ pk: `BUSINESS#${businessId}`, sk: 'VERIFICATION' }),
  /** The moderators' queue of pending verification requests, oldest first (set only while pending). */
  pendingVerifications: 'VERIFICATIONS#PENDING',
  pendingVerificationIndex: (requestedAt: string, businessId: string) => ({
    gsi1pk: keys.pendingVerifications,
    gsi1sk: `${requestedAt}#${businessId}`,
  }),
  category: (id: string) => ({ pk: 'CATEGORIES', sk: id }),
  /** How many records use an uploaded picture (lambdas/data/uploads.ts). */
  uploadUses: (uploadKey: string) => ({ pk: `UPLOAD#${uploadKey}`, sk: 'USES' }),
  categoriesPartition: 'CATEGORIES',
  post: (id: string) => ({ pk: `POST#${id}`, sk: 'POST' }),
  /** The partition of a client's posts on the first secondary index (pattern 10). */
  userPostsPartition: (userId: string) => `USERPOSTS#${userId}`,
  userPostsIndex: (userId: string, createdAt: string, id: string) => ({
    gsi1pk: keys.userPostsPartition(userId),
    gsi1sk: `${createdAt}#${id}`,
  }),
  /** Partitions of the open-post index (see lambdas/data/openPosts.ts): all open posts in one partition, so a page is one Query. */
  openAll: 'OPEN',
  openByCategory: (c: string) => `OPEN#C#${c}`,
  openByTown: (t: string) => `OPEN#T#${t}`,
  openByCategoryTown: (c: string, t: string) => `OPEN#C#${c}#T#${t}`,
  openEntrySk: (createdAt: string, postId: string) => `${createdAt}#${postId}`,
  /**
   * The second-index keys of an open post, by when it expires (sharded like the open index): the expiry job Queries each
   * shard for `gsi2sk < now` (lambdas/data/postLife.ts). Set while the post is open, removed when it closes or is accepted.
   */
  expiryShard: (shard: number) => `EXPIRES#S#${shard}`,
  postExpiryIndex: (p: { _id: string; expiresAt: string }) => ({
    gsi2pk: keys.expiryShard(shardOf(p._id, config.openIndexShards)),
    gsi2sk: `${p.expiresAt}#${p._id}`,
  }),
  offer: (id: string) => ({ pk: `OFFER#${id}`, sk: 'OFFER' }),
  /** A business's offers on the second index (their card copies are refreshed from it: lambdas/model/copies.ts COPIES.businessCard). */
  businessOffersPartition: (businessId: string) => `BUSINESSOFFERS#${businessId}`,
  offerIndexes: (o: { postId: string; businessId: string; createdAt: string; _id: string }) => ({
    gsi1pk: `POSTOFFERS#${o.postId}`,
    gsi1sk: `${o.createdAt}#${o._id}`,
    gsi2pk: keys.businessOffersPartition(o.businessId),
    gsi2sk: `${o.createdAt}#${o._id}`,
  }),
  offerGuard: (postId: string, businessId: string) => ({ pk: `POST#${postId}`, sk: `OFFERBY#${businessId}` }),
  finishedJob: (postId: string) => ({ pk: `POST#${postId}`, sk: 'FINISHEDJOB' }),
  businessJobsPartition: (businessId: string) => `BUSINESSJOBS#${businessId}`,
  businessJobsIndex: (businessId: string, createdAt: string, id: string) => ({
    gsi1pk: keys.businessJobsPartition(businessId),
    gsi1sk: `${createdAt}#${id}`,
  }),
  ad: (id: string) => ({ pk: `AD#${id}`, sk: 'AD' }),
  /** A business's ads on the second index. */
  businessAdsPartition: (businessId: string) => `BUSINESSADS#${businessId}`,
  /**
   * A run's place on the first index while it waits to change (lambdas/data/ads.ts): scheduled, at its start;
   * live, at its end. The scheduled job Queries `gsi1sk <= now` (ascending); an ended run is on it no more.
   */
  adRunsDue: 'ADRUNS#DUE',
  adRunDueIndex: (dueAt: string, id: string) => ({ gsi1pk: 'ADRUNS#DUE', gsi1sk: `${dueAt}#${id}` }),
  /**
   * The live runs, one entry per place a run is shown (written when it goes live, deleted when it ends): by town
   * (every town for a run across the whole country), by service, and all of them. The sort key starts with the
   * run's service, so a service in a town is one Query with `begins_with`.
   */
  liveRunsInTown: (town: string) => `ADLIVE#T#${town}`,
  liveRunsOfService: (category: string) => `ADLIVE#C#${category}`,
  liveRunsAll: 'ADLIVE#ALL',
  liveRunEntrySk: (category: string, runId: string) => `${category}#${runId}`,
  /** A run's figures: counts per day (`i`, `c`, `v`, `m` + YYYYMMDD), written by ADD only (lambdas/data/adFigures.ts). */
  adFigures: (runId: string) => ({ pk: `ADFIGURES#${runId}`, sk: 'FIGURES' }),
  /** The last click of a signed-in user on a run of one business (TTL): what later profile views and chats count for. */
  adClick: (viewerSub: string, businessId: string) => ({ pk: `ADCLICK#${viewerSub}`, sk: businessId }),
  /** The run a plan included in one month (`YYYY-MM`) for a business: one per month. */
  includedRun: (businessId: string, month: string) => ({ pk: `ADINCLUDED#${businessId}`, sk: month }),
  /** A purchase's idempotency record: the caller and the key they sent (lambdas/api/idempotency.ts). */
  idempotency: (sub: string, key: string) => ({ pk: `IDEMPOTENCY#${sub}#${key}`, sk: 'IDEMPOTENCY' }),
  /**
   * How far each of the stream's consumers got in a batch that failed at the record with this sequence number
   * (lambdas/data/streamReplays.ts): the retry starting there skips what each has done.
   */
  streamReplay: (sequenceNumber: string) => ({ pk: `STREAMREPLAY#${sequenceNumber}`, sk: 'REPLAY' }),
  /** A payment record (lambdas/data/transactions.ts): listed per business on the first index, all of them on the second. */
  transaction: (id: string) => ({ pk: `TXN#${id}`, sk: 'TXN' }),
  transactionsIndex: (businessSub: string, createdAt: string, id: string) => ({
    gsi1pk: `TXNS#${businessSub}`,
    gsi1sk: `${createdAt}#${id}`,
  }),
  /** Every payment, newest first (the moderators' payments list): the second index, one partition. */
  allPayments: 'PAYMENTS',
  allPaymentsIndex: (createdAt: string, id: string) => ({ gsi2pk: 'PAYMENTS', gsi2sk: `${createdAt}#${id}` }),
  /** The payment record a provider transaction belongs to (a refund's webhook names only the transaction). */
  providerTransaction: (providerTransactionId: string) => ({
    pk: `PROVIDERTXN#${providerTransactionId}`,
    sk: 'PAYMENT',
  }),
  /** A provider subscription: the business it is for and its last known state (renewals name only the subscription). */
  subscription: (subscriptionId: string) => ({ pk: `SUBSCRIPTION#${subscriptionId}`, sk: 'SUBSCRIPTION' }),
  /** A business's use of its plan in one calendar month (`YYYY-MM`, Albania's time): the offers it made (the quota). */
  planUsage: (businessId: string, month: string) => ({ pk: `BUSINESS#${businessId}`, sk: `USAGE#${month}` }),
  /** Views of a business's profile on one day (`YYYY-MM-DD`, Albania's time); a chart Queries a range of them. */
  profileViews: (businessId: string, day: string) => ({ pk: `BUSINESS#${businessId}`, sk: `VIEWS#${day}` }),
  profileViewsPrefix: 'VIEWS#',
  /** One viewer's view of a profile on one day (counted once; TTL two days). */
  profileViewer: (businessId: string, day: string, viewer: string) => ({
    pk: `VIEWED#${businessId}#${day}`,
    sk: viewer,
  }),
  /**
   * A change of a business's plan (started, renewed, upgraded, downgrade or cancellation scheduled, renewal failed,
   * recovered, downgraded, ended), once per provider event: the stream's notifier tells the business, and a consumer
   * of the stream counts subscriptions from these items.
   */
  planEvent: (businessId: string, at: string, eventKey: string) => ({
    pk: `BUSINESS#${businessId}`,
    sk: `PLANEVENT#${at}#${eventKey}`,
  }),
  /** What the plans' lifecycle job must do and when: a grace period ending, a scheduled downgrade (one partition). */
  planDuePartition: 'PLANDUE',
  planDue: (dueAt: string, subscriptionId: string, kind: string) => ({
    pk: 'PLANDUE',
    sk: `${dueAt}#${subscriptionId}#${kind}`,
  }),
  /** Premium's monthly reports of a month were written (the lifecycle job's mark). */
  planReports: (month: string) => ({ pk: `PLANREPORT#${month}`, sk: 'REPORT' }),
  /** The businesses on a paid plan, one partition per plan (Premium's monthly report; counting subscribers). */
  planMembersPartition: (plan: string) => `PLANMEMBERS#${plan}`,
  planMember: (plan: string, businessId: string) => ({ pk: `PLANMEMBERS#${plan}`, sk: businessId }),
  room: (businessId: string, clientId: string) => ({ pk: `ROOM#${businessId}#${clientId}`, sk: 'ROOM' }),
  roomIndexes: (r: { businessCognitoId: string; clientCognitoId: string; createdAt: string }) => ({
    gsi1pk: keys.businessRoomsPartition(r.businessCognitoId),
    gsi1sk: r.createdAt,
    gsi2pk: keys.clientRoomsPartition(r.clientCognitoId),
    gsi2sk: r.createdAt,
  }),
  /** The list of a business's rooms (first index) and of a client's rooms (second index), by the member's Cognito sub. */
  businessRoomsPartition: (businessSub: string) => `BROOMS#${businessSub}`,
  clientRoomsPartition: (clientSub: string) => `UROOMS#${clientSub}`,
  contact: (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' }),
  /** Finished jobs by their own id (a review is reported by it): the second index, one item per partition. */
  finishedJobIdIndex: (id: string) => ({ gsi2pk: `FINISHEDJOBID#${id}`, gsi2sk: 'FINISHEDJOB' }),
  finishedJobIdPartition: (id: string) => `FINISHEDJOBID#${id}`,
  /** The moderation queue entry of one reported item (entry id: lambdas/domain/moderation.ts reportEntryId). */
  reportedItem: (entryId: string) => ({ pk: `REPORTED#${entryId}`, sk: 'ITEM' }),
  /** One user's report of that item, in the entry's partition: one per reporter (conditional put). */
  report: (entryId: string, reporterSub: string) => ({ pk: `REPORTED#${entryId}`, sk: `BY#${reporterSub}` }),
  /** The queue of entries with one status on the first index, by first report (open) or decision time. */
  reportQueuePartition: (status: string) => `REPORTQUEUE#${status}`,
  reportQueueIndex: (status: string, at: string, entryId: string) => ({
    gsi1pk: `REPORTQUEUE#${status}`,
    gsi1sk: `${at}#${entryId}`,
  }),
  /**
   * A suspended account (Cognito sub): every API call of it is refused (lambdas/api/http.ts). All suspensions are
   * one partition, so the API reads the whole list with one Query (lambdas/data/suspensions.ts).
   */
  suspension: (sub: string) => ({ pk: 'SUSPENSIONS', sk: sub }),
  suspensionsPartition: 'SUSPENSIONS',
  /**
   * A closed account waiting for its erasure (lambdas/data/closures.ts), in the same partition as the suspensions:
   * the API refuses both (one Query reads both lists), the erasure job reads these by their prefix.
   */
  accountClosure: (sub: string) => ({ pk: 'SUSPENSIONS', sk: `${CLOSED_ACCOUNT_PREFIX}${sub}` }),
  closedAccountPrefix: CLOSED_ACCOUNT_PREFIX,
  /** A person's latest data export (one per account; lambdas/data/exports.ts). */
  dataExport: (sub: string) => ({ pk: `EXPORT#${sub}`, sk: 'EXPORT' }),
  /** A user's reports on the second index, so their export and erasure find them. */
  reportsByIndex: (reporterSub: string, createdAt: string, entryId: string) => ({
    gsi2pk: `REPORTSBY#${reporterSub}`,
    gsi2sk: `${createdAt}#${entryId}`,
  }),
  reportsByPartition: (reporterSub: string) => `REPORTSBY#${reporterSub}`,
  /** A sender's contact messages on the second index, for the erasure. */
  contactsOfIndex: (senderSub: string, createdAt: string, id: string) => ({
    gsi2pk: `CONTACTSOF#${senderSub}`,
    gsi2sk: `${createdAt}#${id}`,
  }),
  contactsOfPartition: (senderSub: string) => `CONTACTSOF#${senderSub}`,
  /** An uploader's picture-use counts on the second index, for the erasure. */
  uploadsOfIndex: (uploaderSub: string, uploadKey: string) => ({
    gsi2pk: `UPLOADSOF#${uploaderSub}`,
    gsi2sk: uploadKey,
  }),
  uploadsOfPartition: (uploaderSub: string) => `UPLOADSOF#${uploaderSub}`,
  /** Every address word a business has had, on the second index, for the erasure. */
  slugsOfIndex: (businessId: string, slug: string) => ({ gsi2pk: `SLUGSOF#${businessId}`, gsi2sk: slug }),
  slugsOfPartition: (businessId: string) => `SLUGSOF#${businessId}`,
  /** One ISO week's counts (weekStart: its Monday, YYYY-MM-DD, UTC), kept by the notifier. */
  weekCounts: (weekStart: string) => ({ pk: `STATS#WEEK#${weekStart}`, sk: 'COUNTS' }),
  /** A stream event the weekly counts took in already (so a retried record counts once); TTL a week. */
  countedEvent: (eventId: string) => ({ pk: `COUNTED#${eventId}`, sk: 'COUNTED' }),
  /**
   * The price guide (lambdas/data/priceGuide.ts): one item per service (category) in a town, and one per service
   * across Albania, in the service's partition (so a service's towns are one Query); bucket and business counts
   * per month are its attributes.
   */
  priceGuidePartition: (category: string) => `PRICEGUIDE#C#${category}`,
  priceGuideArea: (category: string, town?: string) => ({
    pk: `PRICEGUIDE#C#${category}`,
    sk: town === undefined ? 'ALL' : `TOWN#${town}`,
  }),
  /** What one offer added to the price guide (so a replayed event or a cancelled acceptance counts right). */
  priceGuideContribution: (offerId: string) => ({ pk: `PRICEGUIDE#OFFER#${offerId}`, sk: 'CONTRIBUTION' }),
  /**
   * The operator's figures (lambdas/data/operatorFigures.ts, docs/operator-figures.md): one item per scope and ISO
   * week, the counters its attributes, in the scope's partition (so a chart of weeks is one Query). A town and service
   * pair is also on the first index, in its week's partition (so the week's town x service grid is one Query).
   */
  operatorScope: (scope: { town?: string; service?: string }) =>
    scope.service !== undefined && scope.town !== undefined
      ? `OPS#C#${scope.service}#T#${scope.town}`
      : scope.service !== undefined
        ? `OPS#C#${scope.service}`
        : scope.town !== undefined
          ? `OPS#T#${scope.town}`
          : 'OPS#ALL',
  operatorWeek: (scope: { town?: string; service?: string }, weekStart: string) => ({
    pk: keys.operatorScope(scope),
    sk: weekStart,
  }),
  /**
   * A scope's levels now (common/operatorFigures.ts OPERATOR_LEVELS: the subscriptions active, their monthly
   * prices), in the scope's partition after its weeks (`LEVEL` sorts after every `YYYY-MM-DD`).
   */
  operatorLevel: (scope: { town?: string; service?: string }) => ({ pk: keys.operatorScope(scope), sk: 'LEVEL' }),
  operatorGridPartition: (weekStart: string) => `OPSGRID#${weekStart}`,
  operatorGridIndex: (weekStart: string, service: string, town: string) => ({
    gsi1pk: keys.operatorGridPartition(weekStart),
    gsi1sk: `${service}#${town}`,
  }),
  /** Something the figures counted once for good (a request, an offer, a sign-up...): its marker, kept. */
  operatorFact: (kind: string, id: string) => ({ pk: `OPSFACT#${kind}#${id}`, sk: 'FACT' }),
  /** A request's first offer as counted (when it came, which bucket), replaced only by an earlier one. */
  operatorFirstOffer: (postId: string) => ({ pk: `OPSFACT#firstOffer#${postId}`, sk: 'FACT' }),
  /** A client or business active in a week: one marker each, so it counts once (all of a week in one partition). */
  operatorActive: (weekStart: string, role: string, id: string) => ({
    pk: `OPSACTIVE#${weekStart}`,
    sk: `${role}#${id}`,
  }),
  /** The weekly email of a week went to an operator (so a repeated run sends nothing twice). */
  operatorReportSent: (weekStart: string, sub: string) => ({ pk: `OPSMAIL#${weekStart}`, sk: sub }),
  /** One in-app notification of the user with Cognito sub `sub`; its id is its sort key `{createdAt}_{hash}` (newest first). */
  notification: (sub: string, id: string) => ({ pk: `NOTIFS#${sub}`, sk: id }),
  notificationsPartition: (sub: string) => `NOTIFS#${sub}`,
  /**
   * A user's notification state (unread count, read-all mark, email and push switches, lead alert mode): in the
   * partition of their notifications, under a sort key above every notification id (ids start with their year), so
   * the newest-first Query of the first page of notifications reads it first, in the same Query.
   */
  notificationState: (sub: string) => ({ pk: `NOTIFS#${sub}`, sk: NOTIFICATION_STATE_SK }),
  notificationStateSk: NOTIFICATION_STATE_SK,
  /** One device's Web Push subscription of the user with Cognito sub `sub` (lambdas/data/pushSubscriptions.ts); its id is a hash of its endpoint. */
  pushSubscription: (sub: string, id: string) => ({ pk: `PUSHSUBS#${sub}`, sk: id }),
  pushSubscriptionsPartition: (sub: string) => `PUSHSUBS#${sub}`,
  /** Lead index: a business that offers category `c` in town `t` (written by the notifier from profile changes). */
  leadPartition: (c: string, t: string) => `LEADS#C#${c}#T#${t}`,
  leadEntry: (c: string, t: string, businessId: string) => ({ pk: `LEADS#C#${c}#T#${t}`, sk: businessId }),
  /** When a member of a room was last emailed about unread messages of it (at most one email per 30 minutes). */
  chatReminder: (roomPk: string, role: string) => ({ pk: `CHATMAIL#${roomPk}#${role}`, sk: 'CHATMAIL' }),
  /** A request waiting for a business's daily lead digest: one partition per UTC day. */
  digestPartition: (day: string) => `DIGEST#${day}`,
  digestEntry: (day: string, sub: string, postId: string) => ({ pk: `DIGEST#${day}`, sk: `${sub}#${postId}` }),
  /** The record of one data migration (lambdas/data/migrations.ts): all of them in one partition, by id. */
  migrationsPartition: 'MIGRATIONS',
  migration: (id: string) => ({ pk: 'MIGRATIONS', sk: id }),
  /** A business's public address word (lambdas/data/publicPages.ts): the current one and every earlier one (301). */
  slug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: 'SLUG' }),
  /** The businesses whose public page is on: one item each (sitemap, landing figures). */
  publicBusinessesPartition: 'PUBLICBIZ',
  publicBusiness: (businessId: string) => ({ pk: 'PUBLICBIZ', sk: businessId }),
  /** The public directory of one service: one item per business offering it, listing the towns it serves. */
  directoryPartition: (serviceId: string) => `DIR#${serviceId}`,
  directoryEntry: (serviceId: string, businessId: string) => ({ pk: `DIR#${serviceId}`, sk: businessId }),
};

/** Attributes that are storage detail, never part of an API answer. */
export const KEY_ATTRIBUTES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] as const;

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const copy = { ...item };
  for (const k of KEY_ATTRIBUTES) delete copy[k];
  return copy;
}
