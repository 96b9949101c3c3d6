/**
 * The one route table of the API (spec section 7, plus the few calls the spec's screens need
 * that the original app derived on the client). The CDK app creates one HTTP API route and one
 * Lambda per entry; the local gateway serves exactly the same entries. Paths are written the way
 * API Gateway HTTP APIs write them ("{param}"), including the spec's spellings
 * `/post/filtred` and `/paymentTransaction/bussines/{sub}` that existing clients call.
 *
 * auth:
 *  - 'user'     any signed-in user (JWT authorizer; the handler reads the role from `nickname`)
 *  - 'client'   signed-in, role client (enforced in the handler from the verified claims)
 *  - 'business' signed-in, role business
 *  - 'moderator' signed-in member of the pool's `moderator` group (cognito:groups), whatever its nickname role
 *  - 'operator' signed-in member of the pool's `operator` group (common/operatorFigures.ts), whatever its role
 *  - 'public'   no sign-in (no authorizer): the unsubscribe links of emails, which carry their own
 *               signed token (lambdas/notify/unsubscribe.ts), and the price guide's figures (read only,
 *               cacheable; nothing in them names a client, a business or one deal), and the payment
 *               provider's webhooks (accepted only with a valid signature: lambdas/payments/signature.ts), and the
 *               view beacon of a business's public page (counted once per browser a day)
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteAuth = 'user' | 'client' | 'business' | 'moderator' | 'operator' | 'public';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  /** File name (without extension) under lambdas/handlers/ exporting `handler`. */
  handler: string;
  auth: RouteAuth;
  /**
   * A closed account (its owner deleted it; it waits for its erasure: docs/privacy.md) may call it. Every other
   * signed-in route refuses such an account's tokens with 403 ACCOUNT_CLOSED (lambdas/api/http.ts).
   */
  closedAccount?: true;
}

export const routes: readonly RouteDef[] = [
  // Accounts
  { method: 'POST', path: '/user', handler: 'createUser', auth: 'client' },
  { method: 'POST', path: '/business', handler: 'createBusiness', auth: 'business' },
  // The caller's own record (or null before the first sign-in created it): a new account's first lookup is no 404.
  { method: 'GET', path: '/account', handler: 'getOwnAccount', auth: 'user' },
  { method: 'GET', path: '/user/cognito/{sub}', handler: 'getUserByCognito', auth: 'user' },
  { method: 'GET', path: '/business/cognito/{sub}', handler: 'getBusinessByCognito', auth: 'user' },
  { method: 'GET', path: '/user/{id}', handler: 'getUser', auth: 'user' },
  { method: 'PUT', path: '/user/{id}', handler: 'updateUser', auth: 'client' },
  { method: 'GET', path: '/business/search', handler: 'searchBusinesses', auth: 'user' },
  { method: 'GET', path: '/business/{id}', handler: 'getBusiness', auth: 'user' },
  { method: 'PUT', path: '/business/{id}', handler: 'updateBusiness', auth: 'business' },
  { method: 'GET', path: '/business/offers/{id}', handler: 'listBusinessOffers', auth: 'business' },
  { method: 'GET', path: '/business/ads/{id}', handler: 'listBusinessAds', auth: 'user' },
  { method: 'GET', path: '/getBusinessFinishedJobs/{id}', handler: 'listBusinessFinishedJobs', auth: 'user' },
  // Statistics (docs/payments.md "Plans"): the business's own figures by month; a view of its profile in the app,
  // and its public page's beacon (no sign-in: the page is cached by the CDN).
  { method: 'GET', path: '/business/statistics', handler: 'getStatistics', auth: 'business' },
  { method: 'POST', path: '/business/{id}/views', handler: 'recordProfileView', auth: 'user' },
  { method: 'POST', path: '/business/{id}/page-views', handler: 'recordPageView', auth: 'public' },

  // Categories and posts
  { method: 'GET', path: '/category/all', handler: 'listCategories', auth: 'user' },
  { method: 'GET', path: '/post/available', handler: 'listAvailablePosts', auth: 'user' },
  { method: 'GET', path: '/post/filtred', handler: 'listFilteredPosts', auth: 'user' },
  { method: 'GET', path: '/post/suggested', handler: 'listSuggestedPosts', auth: 'business' },
  { method: 'GET', path: '/post/user/{userId}', handler: 'listUserPosts', auth: 'user' },
  { method: 'GET', path: '/post/{id}', handler: 'getPost', auth: 'user' },
  { method: 'POST', path: '/post', handler: 'createPost', auth: 'client' },
  { method: 'DELETE', path: '/post/{id}', handler: 'deletePost', auth: 'client' },
  { method: 'POST', path: '/post/{id}/close', handler: 'closePost', auth: 'client' },
  { method: 'POST', path: '/post/{id}/reopen', handler: 'reopenPost', auth: 'client' },

  // Offers and reviews
  { method: 'GET', path: '/getPostOffers/{postId}', handler: 'listPostOffers', auth: 'user' },
  { method: 'POST', path: '/offer', handler: 'createOffer', auth: 'business' },
  { method: 'DELETE', path: '/offer/{id}', handler: 'deleteOffer', auth: 'business' },
  { method: 'PUT', path: '/offer/status', handler: 'updateOfferStatus', auth: 'client' },
  { method: 'PUT', path: '/offer/{id}', handler: 'reviseOffer', auth: 'business' },
  // Negotiation: the request's client counters, the offer's business answers (or revises: PUT above)
  { method: 'POST', path: '/offer/{id}/counter', handler: 'counterOffer', auth: 'client' },
  { method: 'POST', path: '/offer/{id}/answer', handler: 'answerCounterOffer', auth: 'business' },
  { method: 'POST', path: '/finishedJobs', handler: 'createFinishedJob', auth: 'client' },
  { method: 'PUT', path: '/post/{id}/review/reply', handler: 'replyToReview', auth: 'business' },

  // Ads, payments, subscriptions
  { method: 'GET', path: '/ads', handler: 'listAds', auth: 'user' },
  { method: 'POST', path: '/ad', handler: 'createAd', auth: 'business' },
  { method: 'DELETE', path: '/ad/{id}', handler: 'deleteAd', auth: 'business' },
  // Sponsored runs (docs/sponsored-runs.md): one run with its figures per day (its business), a counted click.
  { method: 'GET', path: '/ad/{id}', handler: 'getAdRun', auth: 'business' },
  { method: 'POST', path: '/ad/{id}/click', handler: 'clickAd', auth: 'user' },
  // The run's business cancels it before its first day or stops it while live, with the refund rule applied.
  { method: 'POST', path: '/ad/{id}/stop', handler: 'stopAd', auth: 'business' },
  { method: 'GET', path: '/paymentTransaction/bussines/{sub}', handler: 'listTransactions', auth: 'business' },
  { method: 'POST', path: '/subscription', handler: 'chooseSubscription', auth: 'business' },
  // The plan (docs/payments.md "Plans"): its state, dates and use of its limits; the subscription's card.
  { method: 'GET', path: '/subscription', handler: 'getBilling', auth: 'business' },
  { method: 'POST', path: '/subscription/card', handler: 'updateCard', auth: 'business' },
  // A payment of the caller's (the result page follows it), and its receipt (the provider's invoice).
  { method: 'GET', path: '/payments/{id}', handler: 'getPayment', auth: 'business' },
  { method: 'GET', path: '/payments/{id}/receipt', handler: 'getPaymentReceipt', auth: 'business' },
  // The payment provider's signed webhooks (docs/payments.md): no sign-in, the signature is the proof.
  { method: 'POST', path: '/payments/webhook', handler: 'paymentWebhook', auth: 'public' },

  // Chat
  { method: 'POST', path: '/chat/createRoom', handler: 'createChatRoom', auth: 'user' },
  { method: 'GET', path: '/chat/businessRooms', handler: 'listBusinessRooms', auth: 'business' },
  { method: 'GET', path: '/chat/getUserRooms', handler: 'listUserRooms', auth: 'client' },
  { method: 'POST', path: '/chat/token', handler: 'createChatToken', auth: 'user' },
  { method: 'POST', path: '/chat/rooms/{roomId}/messages', handler: 'sendChatMessage', auth: 'user' },
  { method: 'POST', path: '/chat/rooms/{roomId}/read', handler: 'markChatRoomRead', auth: 'user' },
  { method: 'GET', path: '/chat/unread', handler: 'getChatUnread', auth: 'user' },
  {
    method: 'POST',
    path: '/chat/rooms/{roomId}/messages/{messageId}/report',
    handler: 'reportChatMessage',
    auth: 'user',
  },
  { method: 'PUT', path: '/chat/rooms/{roomId}/block', handler: 'setChatBlock', auth: 'user' },

  // Reports and moderation (docs/access-patterns.md, "Moderation")
  { method: 'POST', path: '/report', handler: 'createReport', auth: 'user' },
  { method: 'GET', path: '/moderation/reports', handler: 'listReportedItems', auth: 'moderator' },
  { method: 'POST', path: '/moderation/reports/{id}/decision', handler: 'decideReportedItem', auth: 'moderator' },
  { method: 'GET', path: '/moderation/stats', handler: 'getModerationStats', auth: 'moderator' },
  // Payments (docs/payments.md): every business's payments, and a refund with its reason.
  { method: 'GET', path: '/moderation/payments', handler: 'listPayments', auth: 'moderator' },
  { method: 'POST', path: '/moderation/payments/{id}/refund', handler: 'refundPayment', auth: 'moderator' },

  // Notifications: the in-app list, what is read, and each kind's email and push settings
  { method: 'GET', path: '/notifications', handler: 'listNotifications', auth: 'user' },
  { method: 'GET', path: '/notifications/unread', handler: 'getUnreadNotifications', auth: 'user' },
  { method: 'POST', path: '/notifications/read', handler: 'markNotificationsRead', auth: 'user' },
  { method: 'GET', path: '/notifications/preferences', handler: 'getNotificationPreferences', auth: 'user' },
  { method: 'PUT', path: '/notifications/preferences', handler: 'updateNotificationPreferences', auth: 'user' },
  // Web Push: this device's subscription; the key is the stage's VAPID public key.
  { method: 'GET', path: '/notifications/push/key', handler: 'getPushKey', auth: 'user' },
  { method: 'POST', path: '/notifications/push', handler: 'subscribePush', auth: 'user' },
  { method: 'DELETE', path: '/notifications/push/{id}', handler: 'unsubscribePush', auth: 'user' },
  { method: 'GET', path: '/notifications/unsubscribe', handler: 'showUnsubscribe', auth: 'public' },
  { method: 'POST', path: '/notifications/unsubscribe', handler: 'unsubscribe', auth: 'public' },

  // Verified businesses: a business asks with its NIPT and a document; a moderator decides.
  { method: 'POST', path: '/business/verification', handler: 'requestVerification', auth: 'business' },
  { method: 'GET', path: '/business/verification', handler: 'getVerification', auth: 'business' },
  { method: 'GET', path: '/moderation/verifications', handler: 'listPendingVerifications', auth: 'moderator' },
  {
    method: 'POST',
    path: '/moderation/verifications/{businessId}/decision',
    handler: 'decideVerification',
    auth: 'moderator',
  },

  // Ideas (docs/features.md "Ideas"): tagged pictures of real rooms by room, style, town and service; a business tags
  // its portfolio's and its finished jobs' pictures; a job's client lets its price band show (or not).
  { method: 'GET', path: '/ideas', handler: 'listIdeas', auth: 'user' },
  { method: 'POST', path: '/ideas', handler: 'tagIdea', auth: 'business' },
  { method: 'GET', path: '/ideas/{id}', handler: 'getIdea', auth: 'user' },
  { method: 'DELETE', path: '/ideas/{id}', handler: 'deleteIdea', auth: 'business' },
  { method: 'GET', path: '/ideas/price-band/{postId}', handler: 'getJobPriceBand', auth: 'client' },
  { method: 'PUT', path: '/ideas/price-band/{postId}', handler: 'setJobPriceBand', auth: 'client' },
  // Boards ("My ideas"): a client's saved ideas, private until shared by link.
  { method: 'GET', path: '/boards', handler: 'listBoards', auth: 'client' },
  { method: 'POST', path: '/boards', handler: 'createBoard', auth: 'client' },
  { method: 'GET', path: '/boards/{id}', handler: 'getBoard', auth: 'user' },
  { method: 'PUT', path: '/boards/{id}', handler: 'updateBoard', auth: 'client' },
  { method: 'DELETE', path: '/boards/{id}', handler: 'deleteBoard', auth: 'client' },
  { method: 'GET', path: '/boards/{id}/ideas', handler: 'listBoardIdeas', auth: 'user' },
  { method: 'PUT', path: '/boards/{id}/ideas/{ideaId}', handler: 'saveIdeaToBoard', auth: 'client' },
  { method: 'DELETE', path: '/boards/{id}/ideas/{ideaId}', handler: 'removeIdeaFromBoard', auth: 'client' },

  // Price guide: figures from accepted offers per service and town, to anyone
  { method: 'GET', path: '/price-guide', handler: 'getPriceGuide', auth: 'public' },

  // Privacy (docs/privacy.md): download everything held about oneself, delete one's account (closed at once,
  // erased ERASURE_DELAY_DAYS later unless its owner signs in again and cancels)
  { method: 'POST', path: '/account/export', handler: 'requestDataExport', auth: 'user' },
  { method: 'GET', path: '/account/export', handler: 'getDataExport', auth: 'user' },
  { method: 'POST', path: '/account/deletion', handler: 'closeAccount', auth: 'user' },
  { method: 'GET', path: '/account/deletion', handler: 'getAccountDeletion', auth: 'user', closedAccount: true },
  { method: 'DELETE', path: '/account/deletion', handler: 'cancelAccountDeletion', auth: 'user', closedAccount: true },
  // The operator's figures (docs/operator-figures.md): each chart one Query, the week's town x service grid one Query
  { method: 'GET', path: '/operator/figures', handler: 'getOperatorFigures', auth: 'operator' },
  { method: 'GET', path: '/operator/grid', handler: 'getOperatorGrid', auth: 'operator' },
  // One figure's weeks as a CSV file (text/csv, with its file name)
  { method: 'GET', path: '/operator/export', handler: 'exportOperatorFigure', auth: 'operator' },

  // Support and uploads
  { method: 'POST', path: '/contactForm', handler: 'createContactMessage', auth: 'user' },
  { method: 'POST', path: '/generatePresignedURL', handler: 'createUploadUrl', auth: 'user' },
  // Whether the caller's upload came through the image processor: 200 `processing` until it did (no 404 to poll).
  { method: 'GET', path: '/upload/state', handler: 'getUploadState', auth: 'user' },
];

/** "GET /post/{id}" — the route key API Gateway HTTP APIs use. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
