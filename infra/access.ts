/**
 * What each handler may reach, by name. The API construct turns each entry into that function's IAM
 * policy (and nothing else); test/infra/access.test.ts bundles every handler with esbuild and checks
 * that the DynamoDB commands, indexes, S3 uploads and secrets its code really uses are exactly the
 * ones listed here, so the map cannot drift from the code in either direction. The same holds for
 * the S3 actions on the media bucket's uploads.
 */
import type { IndexName } from '../lambdas/model/schema';
import { routes } from '../common/routes';

/** DynamoDB IAM actions (without the `dynamodb:` prefix) a handler may use on the base table. */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'ConditionCheckItem'
  | 'BatchWriteItem';

export interface HandlerAccess {
  /** Item operations on the base table. Transactions need the actions of their items (Put -> PutItem...). */
  table: TableAction[];
  /** Global secondary indexes the handler queries (dynamodb:Query on that index only). */
  indexes?: IndexName[];
  /** S3 actions on objects under uploads/* of the media bucket (signing upload URLs, untagging used uploads). */
  media?: MediaAction[];
  /** secretsmanager:GetSecretValue on the Firebase service-account secret. */
  chatSecret?: true;
  /** secretsmanager:GetSecretValue on the key that signs unsubscribe links (lambdas/notify/unsubscribe.ts). */
  unsubscribeSecret?: true;
  /** secretsmanager:GetSecretValue on the VAPID key pair of Web Push (lambdas/notify/vapid.ts). */
  vapidSecret?: true;
  /** s3:GetObject on the exports bucket's ZIPs (signing a data export's download address), EXPORTS_BUCKET set. */
  exportsRead?: true;
  /** secretsmanager:GetSecretValue on the Paddle keys (lambdas/payments/provider.ts), with the payment settings in the environment. */
  paymentsSecret?: true;
  /**
   * The admin calls on the stage's user pool its code sends (lambdas/lib/userPool.ts: a moderator's 'suspend', deleting
   * one's account), each granted as `cognito-idp:{action}`, with USER_POOL_ID and USER_POOL_CLIENT_ID in the environment.
   */
  userPool?: readonly UserPoolAction[];
}

/** The user pool's admin actions (without the `cognito-idp:` prefix) a function may be granted. */
export type UserPoolAction = 'AdminDisableUser' | 'AdminUserGlobalSignOut' | 'AdminInitiateAuth' | 'AdminDeleteUser';

/** The user pool commands code can send and the action each needs. */
export const USER_POOL_COMMAND_ACTIONS: Record<string, UserPoolAction> = {
  AdminDisableUserCommand: 'AdminDisableUser',
  AdminUserGlobalSignOutCommand: 'AdminUserGlobalSignOut',
  AdminInitiateAuthCommand: 'AdminInitiateAuth',
  AdminDeleteUserCommand: 'AdminDeleteUser',
};

/** The S3 commands that read a data export's ZIP (signing its download address): granted by `exportsRead`. */
export const EXPORTS_READ_COMMANDS = ['GetObjectCommand'] as const;

/** S3 IAM actions (without the `s3:` prefix) a handler may use on the media bucket's uploads. */
export type MediaAction = 'PutObject' | 'PutObjectTagging' | 'DeleteObjectTagging';

/**
 * The S3 commands a handler can send (or sign) and the IAM actions each needs. A PutObject that sets
 * `Tagging` (the upload=pending tag of presigned uploads) also needs s3:PutObjectTagging: see the
 * Permissions of PutObject in the S3 API reference.
 */
export const S3_COMMAND_ACTIONS: Record<string, MediaAction[]> = {
  PutObjectCommand: ['PutObject'],
  PutObjectTaggingCommand: ['PutObjectTagging'],
  DeleteObjectTaggingCommand: ['DeleteObjectTagging'],
};

/** The SDK command (class or paginator) names a handler can use, and the IAM actions each needs. */
export const COMMAND_ACTIONS: Record<string, TableAction[] | 'transaction' | 'forbidden'> = {
  GetCommand: ['GetItem'],
  GetItemCommand: ['GetItem'],
  BatchGetCommand: ['BatchGetItem'],
  BatchGetItemCommand: ['BatchGetItem'],
  QueryCommand: ['Query'],
  paginateQuery: ['Query'],
  PutCommand: ['PutItem'],
  PutItemCommand: ['PutItem'],
  UpdateCommand: ['UpdateItem'],
  UpdateItemCommand: ['UpdateItem'],
  DeleteCommand: ['DeleteItem'],
  DeleteItemCommand: ['DeleteItem'],
  BatchWriteCommand: ['BatchWriteItem'],
  BatchWriteItemCommand: ['BatchWriteItem'],
  TransactGetCommand: ['GetItem'],
  TransactGetItemsCommand: ['GetItem'],
  TransactWriteCommand: 'transaction',
  TransactWriteItemsCommand: 'transaction',
  // No request path may scan the table (docs/access-patterns.md).
  ScanCommand: 'forbidden',
  paginateScan: 'forbidden',
  ExecuteStatementCommand: 'forbidden',
  BatchExecuteStatementCommand: 'forbidden',
  ExecuteTransactionCommand: 'forbidden',
};

/** Item kinds inside a TransactWriteItems and the IAM action each needs. */
export const TRANSACTION_ITEM_ACTIONS: Record<string, TableAction> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** Shorthand for handlers that only touch the base table. */
const read = (...table: TableAction[]) => ({ table });

/**
 * What the copies' write path reads and writes (lambdas/data/copies.ts): a handler whose code writes through
 * lambdas/data/transact.ts carries it, since a write of a record others copy (a profile, a request) or of an item
 * holding a copy refreshes those copies before the answer: the source (GetItem), its targets (a Query of the table
 * or of either index), the copies (UpdateItem).
 */
export const COPIES_ACCESS = { table: ['GetItem', 'Query', 'UpdateItem'], indexes: ['GSI1', 'GSI2'] } as const;
const copying = (access: HandlerAccess): HandlerAccess => ({
  ...access,
  table: [...new Set([...access.table, ...COPIES_ACCESS.table])],
  indexes: [...new Set([...(access.indexes ?? []), ...COPIES_ACCESS.indexes])],
});

// Each entry lists what the handler's own code does; accessOf adds what the wrapper of every signed-in route reads.
export const HANDLER_ACCESS = {
  // Accounts
  // The record's transaction also starts the account's notification state (an Update with if_not_exists).
  createUser: copying({ table: ['PutItem', 'UpdateItem'] }),
  // Its transaction also writes the public lists (lambdas/data/publicPages.ts publicListWrites), which delete the
  // directory items of a business whose public page is off.
  createBusiness: copying({ table: ['BatchGetItem', 'PutItem', 'DeleteItem', 'UpdateItem'] }),
  getOwnAccount: read('GetItem'),
  getUserByCognito: read('GetItem'),
  getBusinessByCognito: read('GetItem'),
  getUser: read('GetItem'),
  // Handlers that save or delete records using uploads count the pictures' uses, take the pending tag off a
  // picture a record starts using and put it back on one nothing uses any more (lambdas/data/uploads.ts).
  // A rename Queries the client's posts (GSI1) and writes the name onto them and their open-list entries.
  updateUser: {
    table: ['GetItem', 'UpdateItem'],
    // GSI1: the client's posts (its name on them); GSI2: its chat rooms (its name and picture on them).
    indexes: ['GSI1', 'GSI2'],
    media: ['DeleteObjectTagging', 'PutObjectTagging'],
  },
  // The token index answers the hits with the business's card on each: the page is its one Query.
  searchBusinesses: { table: [], indexes: ['GSI1'] },
  getBusiness: read('GetItem'),
  // A new name or picture is written onto the business's card copies: its name tokens (Query of its partition), its
  // offers and ads (GSI2) (lambdas/model/copies.ts COPIES.businessCard).
  updateBusiness: {
    table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    // GSI1: the business's chat rooms (its name, picture and town on them); GSI2 is the same code's client side.
    indexes: ['GSI1', 'GSI2'],
    media: ['DeleteObjectTagging', 'PutObjectTagging'],
  },
  // Each offer's copy of its post answers its summary.
  listBusinessOffers: { table: ['GetItem'], indexes: ['GSI2'] },
  // The page's card copies answer; an empty page (or one of finished jobs not given the card yet) reads the business.
  // My ads: one BatchGet of the page's figures.
  listBusinessAds: { table: ['GetItem', 'BatchGetItem'], indexes: ['GSI2'] },
  listBusinessFinishedJobs: { table: ['GetItem'], indexes: ['GSI1'] },
  // Statistics: the business's days of views (its partition) and its offers (GSI2), one Query each.
  getStatistics: { table: ['GetItem', 'Query'], indexes: ['GSI2'] },
  // A view: the business read, then the viewer's mark of the day (Put) and the day's count (Update) in one transaction.
  recordProfileView: copying({ table: ['GetItem', 'PutItem', 'UpdateItem'] }),
  recordPageView: copying({ table: ['GetItem', 'PutItem', 'UpdateItem'] }),

  // Categories and posts
  listCategories: read('Query'),
  listAvailablePosts: read('Query'),
  listFilteredPosts: read('Query'),
  listSuggestedPosts: read('GetItem', 'Query'),
  listUserPosts: { table: ['GetItem'], indexes: ['GSI1'] },
  getPost: read('GetItem'),
  createPost: copying({ table: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'], media: ['DeleteObjectTagging'] }),
  deletePost: copying({
    table: ['GetItem', 'Query', 'DeleteItem', 'UpdateItem'],
    media: ['DeleteObjectTagging', 'PutObjectTagging'],
  }),
  // Closes the post with its open-index entries, then declines its pending offers (found through the guards).
  // Every change of a post's status or hidden mark then refreshes its offers' copies of it (lambdas/model/copies.ts COPIES.postSummary:
  // the post by GetItem, its offers through the guards by Query, an Update of each).
  closePost: copying({ table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'] }),
  reopenPost: copying({ table: ['GetItem', 'Query', 'UpdateItem', 'PutItem'] }),

  // Offers and reviews
  listPostOffers: { table: ['GetItem'], indexes: ['GSI1'] },
  // The offer's transaction also moves the month's offer count of the plan (an Update, conditional on the limit).
  createOffer: copying({ table: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] }),
  deleteOffer: copying({ table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] }),
  updateOfferStatus: copying({ table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] }),
  // The review moves the business's rating: its card copies are written (as updateBusiness).
  // GSI1 and GSI2: the business's card copies (its finished jobs; its offers and ads) after the review.
  createFinishedJob: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'], indexes: ['GSI1', 'GSI2'] },
  reviseOffer: copying({ table: ['GetItem', 'UpdateItem', 'ConditionCheckItem'] }),
  // Negotiation: reads the offer, post and caller, then one transaction of the offer's Update with a check of the
  // post (a counter) or its acceptance and open-list deletes (the business accepting a counter-offer).
  counterOffer: copying({ table: ['GetItem', 'UpdateItem', 'ConditionCheckItem'] }),
  answerCounterOffer: copying({ table: ['GetItem', 'Query', 'UpdateItem', 'ConditionCheckItem', 'DeleteItem'] }),
  // Reads the review and the caller's account, then one conditional Update of the review.
  replyToReview: copying({ table: ['GetItem', 'UpdateItem'] }),

  // Ads, payments, subscriptions
  // The caller's account and open requests (GSI1), the live entries of a town or the country (table Query), a
  // business's own live runs (GSI2), impressions added to the runs' figures.
  listAds: { table: ['GetItem', 'Query', 'UpdateItem'], indexes: ['GSI1', 'GSI2'] },
  // The business's runs that are paid and not over (GSI2): what a new run would overlap.
  createAd: copying({
    table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI2'],
    media: ['DeleteObjectTagging'],
    paymentsSecret: true,
  }),
  // A run paid and not over is stopped first (as stopAd), then deleted with its figures.
  deleteAd: copying({
    table: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem'],
    media: ['DeleteObjectTagging', 'PutObjectTagging'],
    paymentsSecret: true,
  }),
  // The run and its payment's refund claimed together, the refund asked of the provider and applied (as
  // refundPayment), the run ended off every strip with its payment's row; then its figures and card are read.
  stopAd: copying({ table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], paymentsSecret: true }),
  // A run and its figures per day (and the business's card).
  getAdRun: { table: ['GetItem', 'Query'] },
  // The click record and the run's figures in one transaction.
  clickAd: copying({ table: ['GetItem', 'PutItem', 'UpdateItem'] }),
  listTransactions: { table: [], indexes: ['GSI1'] },
  // Its plan change: a checkout (the pending payment), the provider's change, or a downgrade recorded (the
  // subscription, the job's due item, the plan event) in one transaction.
  chooseSubscription: copying({ table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], paymentsSecret: true }),
  // The business, its subscription and this month's usage item.
  getBilling: read('GetItem'),
  updateCard: { table: ['GetItem'], paymentsSecret: true },
  getPayment: read('GetItem'),
  getPaymentReceipt: { table: ['GetItem'], paymentsSecret: true },
  // Payment records, their lookups, the ads and plans they deliver (lambdas/domain/payments.ts).
  // A subscription's state also writes the plan's events and the lifecycle job's due items (Put, Delete).
  paymentWebhook: copying({ table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], paymentsSecret: true }),

  // Chat
  createChatRoom: copying({ table: ['GetItem', 'PutItem', 'UpdateItem'] }),
  // Each room carries both members' names and pictures: the page is its one Query.
  listBusinessRooms: { table: [], indexes: ['GSI1'] },
  listUserRooms: { table: [], indexes: ['GSI2'] },
  createChatToken: { table: ['GetItem'], chatSecret: true },
  // Finds the room among the caller's own (either index, by role), writes the message to the
  // Realtime Database with the service account, then updates the room's last message and unread count.
  sendChatMessage: { table: ['GetItem', 'UpdateItem'], indexes: ['GSI1', 'GSI2'], chatSecret: true },
  markChatRoomRead: { table: ['GetItem', 'UpdateItem'], indexes: ['GSI1', 'GSI2'] },
  getChatUnread: { table: [], indexes: ['GSI1', 'GSI2'] },
  // Reads the reported message from the Realtime Database (service account) to keep a copy with the report.
  reportChatMessage: copying({ table: ['GetItem', 'PutItem'], indexes: ['GSI1', 'GSI2'], chatSecret: true }),
  setChatBlock: { table: ['GetItem', 'UpdateItem'], indexes: ['GSI1', 'GSI2'] },

  // Verified businesses: the business's own request item; the pending queue on GSI1 (docs/access-patterns.md).
  requestVerification: copying({
    table: ['GetItem', 'PutItem', 'UpdateItem'],
    media: ['DeleteObjectTagging', 'PutObjectTagging'],
  }),
  getVerification: read('GetItem'),
  // Each request carries its business's name and town: the page is its one Query.
  listPendingVerifications: { table: [], indexes: ['GSI1'] },
  // An approval's badge is written onto the business's card copies (as updateBusiness).
  decideVerification: { table: ['GetItem', 'Query', 'UpdateItem'], indexes: ['GSI1', 'GSI2'] },
  // Reports and moderation: a report reads the item (a review through the second index) and writes the report
  // and its queue entry in one transaction; a decision writes the entry and what it does to the item (a post's
  // open-index entries deleted, a review's stars taken off its business), a suspension disables the owner.
  createReport: copying({ table: ['GetItem', 'PutItem'], indexes: ['GSI2'] }),
  listReportedItems: { table: [], indexes: ['GSI1'] },
  // A business hidden, or a review's stars taken off, is written onto the business's card copies (as updateBusiness).
  decideReportedItem: {
    table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1', 'GSI2'],
    // Hiding a chat message marks it in the Realtime Database (service account) and, when it is the room's last
    // message, the room's copy of it (UpdateItem).
    chatSecret: true,
    userPool: ['AdminDisableUser', 'AdminUserGlobalSignOut'],
  },
  getModerationStats: read('BatchGetItem'),
  listPayments: { table: [], indexes: ['GSI2'] },
  // A refund approved at once ends the run it paid for (its live entries deleted).
  refundPayment: copying({ table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'], paymentsSecret: true }),
  getPriceGuide: read('GetItem'),

  // Ideas (docs/access-patterns/ideas.md): a gallery page is one Query of its partition, a business's ideas one
  // Query of GSI1; ideas of suspended or closed businesses are left out from the process's copy of that list.
  listIdeas: { table: ['Query'], indexes: ['GSI1'] },
  getIdea: read('GetItem', 'Query'),
  // Reads the business, the job and its request, the idea; writes the idea with its entries (and the job's count of
  // pictures) in one transaction; the copies' write path then settles its copies (the business and the job read
  // again, forward Updates).
  tagIdea: copying({
    table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
    media: ['DeleteObjectTagging'],
  }),
  // The idea and its entries deleted in one transaction; then its boards (GSI2 `IDEASAVES#`) lose it.
  deleteIdea: {
    table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'],
    indexes: ['GSI1', 'GSI2'],
    media: ['DeleteObjectTagging', 'PutObjectTagging'],
  },
  getJobPriceBand: read('GetItem'),
  // The job's consent (an Update), then the copies' write path: the band's copies on the job's ideas (GSI2
  // `JOBIDEAS#`) and their entries.
  setJobPriceBand: copying({ table: ['GetItem', 'UpdateItem'] }),
  listBoards: { table: [], indexes: ['GSI1'] },
  // Its writes go through the transactions the copies' write path watches (a board holds no copy: nothing follows).
  createBoard: copying({ table: ['GetItem', 'PutItem', 'UpdateItem'] }),
  getBoard: read('GetItem'),
  updateBoard: read('GetItem', 'UpdateItem'),
  // The board and its owner's count in one transaction; then its items (a Query of its partition), each deleted.
  deleteBoard: copying({ table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'] }),
  // One Query of the board's items (GSI1) and one BatchGet of their ideas.
  listBoardIdeas: { table: ['GetItem', 'BatchGetItem', 'Query'], indexes: ['GSI1'] },
  // The item, the board's count and cover, the idea's count and its business's day of statistics: one transaction.
  saveIdeaToBoard: copying({ table: ['GetItem', 'Query', 'PutItem', 'UpdateItem'] }),
  // The item, the board's count and the idea's count: one transaction; the cover from the board's newest item (GSI1).
  removeIdeaFromBoard: copying({ table: ['GetItem', 'Query', 'UpdateItem', 'DeleteItem'], indexes: ['GSI1'] }),
  // The operator's figures: one Query of a scope's partition; the week's grid one Query of the first index.
  getOperatorFigures: read('Query'),
  getOperatorGrid: { table: [], indexes: ['GSI1'] },
  exportOperatorFigure: read('Query'),

  // Notifications: the caller's own partition and state item only (docs/access-patterns.md 23-26).
  listNotifications: read('Query'),
  getUnreadNotifications: read('GetItem'),
  // An account with no state yet (no profile) gets an empty one first (an Update with if_not_exists).
  markNotificationsRead: copying(read('GetItem', 'UpdateItem')),
  getNotificationPreferences: read('GetItem'),
  updateNotificationPreferences: copying(read('GetItem', 'UpdateItem')),
  // Web Push: the key route reads the VAPID secret; a device's subscription is in the caller's own partition.
  getPushKey: { table: [], vapidSecret: true },
  subscribePush: read('Query', 'PutItem', 'DeleteItem'),
  unsubscribePush: read('DeleteItem'),
  // The unsubscribe links (no sign-in): check the link's signature; the POST turns the kind off.
  showUnsubscribe: { table: [], unsubscribeSecret: true },
  unsubscribe: copying({ table: ['GetItem', 'UpdateItem'], unsubscribeSecret: true }),

  // Privacy (docs/privacy.md): the caller's own export item (the privacy worker makes the ZIP) and signed download link.
  requestDataExport: copying(read('GetItem', 'PutItem')),
  getDataExport: { table: ['GetItem'], exportsRead: true },
  // Checks the password and signs the account out (the pool); writes the closure and the record's mark in one
  // transaction, then ends what the account had running: a client's open requests closed (their offers declined and
  // their copies refreshed), a business's pending offers, ads, search entries, public lists, pending verification and
  // plan (its subscription cancelled at the payment provider: the Paddle keys); and closes the reports about its items
  // (the entries by their ids).
  closeAccount: {
    table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
    indexes: ['GSI1', 'GSI2'],
    userPool: ['AdminInitiateAuth', 'AdminUserGlobalSignOut'],
    paymentsSecret: true,
  },
  getAccountDeletion: read('GetItem'),
  // The closure and the record's mark go in one transaction; a business's search entries and public lists come back.
  cancelAccountDeletion: copying({ table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] }),

  // Support and uploads
  createContactMessage: { table: ['PutItem'] },
  // Signs a PUT that stores the object with the upload=pending tag.
  createUploadUrl: { table: [], media: ['PutObject', 'PutObjectTagging'] },
  // Reads the processor's state file through the media CDN (public data), no bucket access.
  getUploadState: { table: [] },
} satisfies Record<string, HandlerAccess>;

export type HandlerName = keyof typeof HANDLER_ACCESS;

/** The only table actions that read: everything the public site's function may do (test/infra/access.test.ts). */
export const READ_TABLE_ACTIONS: readonly TableAction[] = ['GetItem', 'BatchGetItem', 'Query'];

/**
 * The public site's function (lambdas/site/handler.ts, infra/constructs/publicSite.ts): reads only, no Scan and no
 * writes. test/infra/access.test.ts checks it against the bundle's code like the handlers' entries.
 */
export const SITE_ACCESS: HandlerAccess = {
  table: ['GetItem', 'BatchGetItem', 'Query'],
  // A business's finished jobs (its reviews) are on the first index.
  indexes: ['GSI1'],
};

/**
 * The data migrations' function (lambdas/jobs/runMigrations.ts, infra/constructs/migrations.ts): its runner reads and
 * writes the migrations' records (one Query of their partition, conditional Updates); each migration of
 * lambdas/migrations/ adds what it does. test/infra/access.test.ts checks it against the bundle's code like the
 * handlers' entries, so a migration that needs more fails the tests until it is granted here.
 */
export const MIGRATIONS_ACCESS: HandlerAccess = copying({
  table: ['Query', 'UpdateItem'],
});

/**
 * What the handler wrapper reads on every signed-in route (lambdas/api/http.ts): the suspended accounts, one Query of
 * their partition when the process's copy is not fresh (lambdas/data/suspensions.ts).
 */
export const SIGNED_IN_TABLE_ACTIONS: readonly TableAction[] = ['Query'];

/** A handler's grants: its entry, plus the wrapper's reads when its route needs a signed-in caller. */
export function accessOf(handler: string): HandlerAccess {
  const access = (HANDLER_ACCESS as Record<string, HandlerAccess>)[handler];
  if (!access) {
    throw new Error(
      `Handler "${handler}" has no entry in infra/access.ts HANDLER_ACCESS: list the table operations, indexes, uploads and secrets it uses`,
    );
  }
  const signedIn = routes.some((r) => r.handler === handler && r.auth !== 'public');
  return signedIn ? { ...access, table: [...new Set([...access.table, ...SIGNED_IN_TABLE_ACTIONS])] } : access;
}
