/** Business constants of the product (spec section 9), shared by the web app and the Lambdas. */

/** The nine services (categories) seeded into every stage. */
export const SERVICE_NAMES = [
  'Interior Design',
  'Decor',
  'Furniture',
  'Outdoor',
  'Dural',
  'Flooring',
  'Painting',
  'Lights',
  'Bathroom',
] as const;

/** Deterministic id of a seeded service (category): "Interior Design" -> "interior-design". */
export const serviceId = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Albanian towns, from Bajram Curri to Vorë. The original app kept two slightly different lists
 * (about 72 in the filters, 76 in forms); one list is used everywhere so that every town a post
 * can have is also a town a business can filter by.
 */
export const TOWNS = [
  'Bajram Curri',
  'Ballsh',
  'Berat',
  'Bilisht',
  'Bulqizë',
  'Burrel',
  'Cërrik',
  'Çorovodë',
  'Delvinë',
  'Divjakë',
  'Durrës',
  'Elbasan',
  'Ersekë',
  'Fier',
  'Finiq',
  'Fushë-Arrëz',
  'Fushë-Krujë',
  'Gjirokastër',
  'Golem',
  'Gramsh',
  'Himarë',
  'Kamëz',
  'Kavajë',
  'Këlcyrë',
  'Klos',
  'Konispol',
  'Koplik',
  'Korçë',
  'Krastë',
  'Krrabë',
  'Krujë',
  'Krumë',
  'Ksamil',
  'Kuçovë',
  'Kukës',
  'Kurbnesh',
  'Laç',
  'Leskovik',
  'Lezhë',
  'Libohovë',
  'Librazhd',
  'Lushnjë',
  'Maliq',
  'Mamurras',
  'Manëz',
  'Memaliaj',
  'Milot',
  'Orikum',
  'Patos',
  'Peqin',
  'Përmet',
  'Përrenjas',
  'Peshkopi',
  'Pogradec',
  'Poliçan',
  'Pukë',
  'Rrëshen',
  'Rrogozhinë',
  'Roskovec',
  'Rubik',
  'Sarandë',
  'Selenicë',
  'Shëngjin',
  'Shijak',
  'Shkodër',
  'Sukth',
  'Tepelenë',
  'Tirana',
  'Ulëz',
  'Ura Vajgurore',
  'Vau i Dejës',
  'Velipojë',
  'Vlorë',
  'Vorë',
] as const;
export type Town = (typeof TOWNS)[number];

/** Budget filter ranges; bounds are inclusive and the top range has no maximum. */
export const BUDGET_RANGES: readonly { label: string; min: number; max: number | null }[] = [
  { label: '1-100', min: 1, max: 100 },
  { label: '100-200', min: 100, max: 200 },
  { label: '200-500', min: 200, max: 500 },
  { label: '500-1000', min: 500, max: 1000 },
  { label: '1000-5000', min: 1000, max: 5000 },
  { label: '5000+', min: 5000, max: null },
];

export const SUBSCRIPTION_PLANS = [
  { id: 'basic', name: 'Basic', pricePerMonth: 0 },
  { id: 'standard', name: 'Standard', pricePerMonth: 5 },
  { id: 'premium', name: 'Premium', pricePerMonth: 8 },
] as const;
export type PlanId = (typeof SUBSCRIPTION_PLANS)[number]['id'];

/** The price of one Sponsored ad, in the stage's charge currency (common/payments.ts). */
export const AD_PRICE = 20;

/**
 * The API's time limit per request, in seconds: the timeout of every route's Lambda (infra/constructs/api.ts)
 * and the limit the local gateway applies. Calls to DynamoDB, S3 and the other dependencies get their
 * timeouts and retries from it (lambdas/lib/dependencies.ts), so a handler always answers within it.
 */
export const API_TIME_LIMIT_SECONDS = 10;

export const LIMITS = {
  sectionPosts: 3,
  availablePostsPageSize: 6,
  filteredPostsPageSize: 15,
  similarRequestsStep: 5,
  postPreviewChars: 100,
  maxPostImages: 5,
  maxImageBytes: 5 * 1024 * 1024,
  profileImageMinPx: 190,
  /** Largest page any list endpoint serves (`?limit=`). */
  maxPageSize: 100,
  defaultPageSize: 20,
  /** Presigned upload URLs expire after this many seconds. */
  uploadUrlExpirySeconds: 300,
} as const;

/** The response header that carries the cursor of a list's next page (lists answer a JSON array). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The pictures a post may have: JPEG (.jpg, .jpeg) and PNG, chosen by type or, without one, by name. */
export const POST_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const POST_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** Longest post title, in characters (the add-post form's field is bounded by it too). */
export const POST_TITLE_MAX = 200;

/** The password rule of the app and of the user pool: 8+, upper, lower, digit, special. */
export const PASSWORD_SPECIALS = '.,!@#$%^&*';
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character (. , ! @ # $ % ^ & *)', test: (p: string) => /[.,!@#$%^&*]/.test(p) },
] as const;

export const ROLES = ['client', 'business'] as const;
export type Role = (typeof ROLES)[number];

/** `closed`: the client closed it without hiring, or it expired (see POST_OPEN_DAYS). */
export const POST_STATUSES = ['open', 'accepted', 'finished', 'closed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** Why a request is closed: its client closed it, or it was open POST_OPEN_DAYS with no accepted offer. */
export const POST_CLOSED_REASONS = ['client', 'expired'] as const;
export type PostClosedReason = (typeof POST_CLOSED_REASONS)[number];
/** An open request with no accepted offer closes by itself this many days after it was posted (or reopened). */
export const POST_OPEN_DAYS = 30;
/** How often the expiry job runs (hourly schedule in the cloud, a timer in `npm start`): a request past its days leaves the lists at once and is closed within this time. */
export const POST_EXPIRY_SCHEDULE_MINUTES = 60;
/** A business's reply to a review can be edited this many days after it was first written, then it is locked. */
export const REVIEW_REPLY_EDIT_DAYS = 7;
/** Until when (ISO time) a reply first written at `createdAt` can be edited. */
export const reviewReplyEditableUntil = (createdAt: string) =>
  new Date(Date.parse(createdAt) + REVIEW_REPLY_EDIT_DAYS * 24 * 60 * 60 * 1000).toISOString();
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'finished'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

// ---- Negotiation: itemised offers, validity and counter-offers ----

/** An offer stays open to acceptance this many days unless the business names another last day. */
export const OFFER_VALIDITY_DEFAULT_DAYS = 14;
/** The last day of validity a business may name, counted from today. */
export const OFFER_VALIDITY_MAX_DAYS = 90;
/** Line items of one offer (label and amount; their sum is the price). */
export const OFFER_ITEMS_MAX = 20;
export const OFFER_ITEM_LABEL_MAX = 120;
/** How long the work takes, in days. */
export const OFFER_DURATION_MAX_DAYS = 365;
/** What an offer can say it includes (the usual parts of interior work), plus a short free text. */
export const OFFER_INCLUDED = ['materials', 'labour', 'delivery', 'fitting', 'design', 'removal'] as const;
export type OfferIncluded = (typeof OFFER_INCLUDED)[number];
export const OFFER_INCLUDED_NOTE_MAX = 300;
/** The note of a counter-offer or a revision. */
export const NEGOTIATION_NOTE_MAX = 1000;
/** Steps one offer's history holds at most (offer, counters, revisions, answers). */
export const NEGOTIATION_STEPS_MAX = 40;
/** Who took a step of a negotiation. */
export const NEGOTIATION_PARTIES = ['client', 'business'] as const;
export type NegotiationParty = (typeof NEGOTIATION_PARTIES)[number];
/**
 * The steps of an offer's history: the business's `offer` and `revision`s, the client's `counter`s, the
 * business's answer to a counter (`acceptCounter`: the deal is made at the client's terms; `declineCounter`),
 * the client's `accept` / `decline` of the offer and `cancel` of an acceptance.
 */
export const NEGOTIATION_ACTIONS = [
  'offer',
  'counter',
  'revision',
  'acceptCounter',
  'declineCounter',
  'accept',
  'decline',
  'cancel',
] as const;
export type NegotiationAction = (typeof NEGOTIATION_ACTIONS)[number];
/** The business's answers to a client's counter-offer (POST /offer/{id}/answer); revising is PUT /offer/{id}. */
export const COUNTER_ANSWERS = ['accept', 'decline'] as const;
export type CounterAnswer = (typeof COUNTER_ANSWERS)[number];

/** Today as `YYYY-MM-DD` (UTC). Offer dates are whole days: a validity runs to the end of its last day. */
export const todayDate = (now = new Date()) => now.toISOString().slice(0, 10);
/** The day `days` after `date` (`YYYY-MM-DD`). */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** The default last day of an offer made or revised on `date`. */
export const defaultValidUntil = (date = todayDate()) => addDays(date, OFFER_VALIDITY_DEFAULT_DAYS);
/** Whether an offer valid through `validUntil` can no longer be accepted today. No validity: it never expires. */
export const isOfferExpired = (validUntil: string | undefined, now = new Date()) =>
  validUntil !== undefined && validUntil < todayDate(now);

/**
 * The request header a caller sends with a purchase (POST /ad, POST /subscription) so that a retried or
 * doubled request charges once and answers the same result (lambdas/api/idempotency.ts). Optional:
 * without it a purchase behaves as a new one. 1–100 characters of letters, digits, `-` and `_`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** How long a purchase's answer is kept for its idempotency key (seconds): a day. */
export const IDEMPOTENCY_RECORD_TTL_SECONDS = 24 * 60 * 60;

/**
 * Shards of the open requests' expiry index (`EXPIRES#S#{n}`, read by the hourly expiry job only; the lists read one
 * partition each, docs/access-patterns.md "One Query per page"). Each post is in shard hash(id) mod n. A stage
 * setting (infra/stages.ts) passed to the functions as OPEN_INDEX_SHARDS; this is the default.
 */
export const DEFAULT_OPEN_INDEX_SHARDS = 8;

// ---- Notifications (common/notifications.ts: to whom, settings, what the API answers) ----

/** Every kind of notification. The recipient is named in the comment. */
export const NOTIFICATION_KINDS = [
  'newOffer', // a business offered on the client's request -> the client
  'offerAccepted', // -> the business
  'offerDeclined', // -> the business
  'acceptanceCancelled', // the client set an accepted offer back to pending -> the business
  'reviewReceived', // -> the business
  'requestDeleted', // a request the business had offered on was deleted -> the business
  'requestClosed', // a request the business had a pending offer on was closed by its client or expired -> the business
  'paymentReceipt', // a payment completed (an ad, a plan, a monthly renewal) -> the business
  'paymentFailed', // a payment was refused (a declined card, a failed renewal) -> the business
  'paymentRefunded', // a moderator's refund was approved, with its reason -> the business
  'paymentChargedBack', // the buyer's bank took a payment back (a chargeback); what it bought is taken back when whole -> the business
  'paymentRestored', // a refund or a chargeback was reversed: the money is back, and what it bought is given back -> the business
  'newLead', // a new request matching the business's services and service towns -> the business (lead alerts: instant)
  'leadDigest', // the day's matching requests in one message -> the business (lead alerts: daily)
  'chatUnread', // chat messages unread for 10 minutes -> their recipient (email only, at most one per room per 30 minutes)
  'verificationDecided', // a moderator approved or refused the business's verification request -> the business
  'counterOffer', // the client proposed other terms on an offer: the business must answer -> the business
  'negotiationAnswer', // the business accepted or declined the client's counter-offer, or revised its offer -> the client
  'adRunEnded', // a Sponsored run's days are over, with its figures and "Run it again" -> the business
  'planStarted', // a paid plan started: its first month paid, or an upgrade took effect -> the business
  'planPaymentFailed', // a monthly renewal was declined: the plan stays through the grace period, a new card is asked -> the business
  'planCancelled', // the business cancelled its plan: it stays until the end of the paid period -> the business
  'planDowngraded', // the plan went down: a downgrade took effect, or the subscription ended (cancelled, or unpaid) -> the business
  'monthlyReport', // Premium: last month's statistics (profile views, offers, accepted) -> the business
  'ideaRequest', // a client asks for offers like one of the business's ideas: it is invited first -> the business
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a business hears of new matching requests: each one at once, one digest a day, or not at all. */
export const LEAD_ALERT_MODES = ['instant', 'daily', 'off'] as const;
export type LeadAlertMode = (typeof LEAD_ALERT_MODES)[number];

// ---- Reports and moderation (common/moderation.ts) ----

/** What a signed-in user can report. Chat messages keep their own route (POST /chat/rooms/{roomId}/messages/{messageId}/report). */
export const REPORT_KINDS = ['post', 'business', 'review', 'chatMessage', 'idea'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why: one of a fixed list (the web app words each in both languages). */
export const REPORT_REASONS = ['spam', 'fraud', 'abusive', 'inappropriate', 'fake', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's state: open until a moderator acts, then the action taken. */
export const REPORT_STATUSES = ['open', 'hidden', 'dismissed', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

// ---- Verified businesses (common/verification.ts) ----

/** Where a business's verification stands: never asked, waiting for a moderator, approved, refused. */
export const VERIFICATION_STATUSES = ['none', 'pending', 'verified', 'refused'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
