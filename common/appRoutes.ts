/**
 * The web app's own routes (the signed-in single-page app, web/src/app/router.tsx): one list for the router and
 * for the CDN, whose viewer-request function answers these paths with the app's index.html
 * (infra/constructs/webHosting.ts). Any other path that is not a public page (common/publicPages.ts) is a file of
 * the web build or a real 404 when it names a file (its last segment has an extension: a missing script, picture or
 * map); a path that names none (a mistyped or cut-off link) opens the app too, whose router shows its not-found
 * screen (index.html is noindex, so no search engine keeps it). Patterns are React Router's: `:name` is one path
 * segment, a trailing `/*` any rest.
 */
import { NOTIFICATIONS_PAGE_PATH } from './notifications';
import { APP_HOME_PATH } from './publicPages';
import { PAY_PATH, PAYMENT_RESULT_PATH } from './payments';
import { AD_RUN_PAGE_PATH, CREATE_AD_PATH } from './adRuns';
import { BOARD_APP_PATH, BOARDS_APP_PATH, IDEA_APP_PATH } from './ideas';

export const APP_PATHS = {
  /** Where a signed-in visitor of the public landing page is sent (it opens their dashboard). */
  home: APP_HOME_PATH,
  login: '/login',
  unauthorized: '/unauthorized',
  /** How to add the app to the home screen of an iPhone or iPad (no install prompt there). */
  installIos: '/install-ios',
  clientDashboard: '/client-dashboard',
  businessDashboard: '/business-dashboard',
  createPost: '/post/create',
  createAd: CREATE_AD_PATH,
  /** One Sponsored run of the business's with its figures per day. */
  adRun: AD_RUN_PAGE_PATH,
  subscriptions: '/subscriptions',
  /** The pay step (opens the payment provider's checkout) and the page the buyer comes back to: common/payments.ts. */
  pay: PAY_PATH,
  paymentResult: PAYMENT_RESULT_PATH,
  clientProfile: '/clientprofile/:id',
  businessProfile: '/businessprofile/:id',
  postView: '/post/view/:id',
  postDetail: '/post/:postId',
  availablePosts: '/available-posts',
  sponsoredPosts: '/sponsoredPosts',
  filteredPosts: '/filtered-posts',
  chatList: '/chat',
  chatRoom: '/chat/:id',
  notifications: NOTIFICATIONS_PAGE_PATH,
  settings: '/settings/:id/*',
  moderation: '/moderation/*',
  /** The marketplace's figures, for members of the operator group (web/src/features/operator). */
  operator: '/operator',
  /** One idea in the app (save it to a board, ask for offers like it, report it), and a client's boards. */
  idea: IDEA_APP_PATH,
  boards: BOARDS_APP_PATH,
  board: BOARD_APP_PATH,
} as const;

export const APP_ROUTE_PATTERNS: readonly string[] = Object.values(APP_PATHS);

/**
 * A regular expression source matching the paths of one route pattern: `:name` one non-empty segment, a trailing
 * `/*` nothing or any rest, an optional trailing slash (React Router opens `/login/` as `/login`).
 */
export function appRouteRegExpSource(pattern: string): string {
  const rest = pattern.endsWith('/*');
  const base = rest ? pattern.slice(0, -2) : pattern;
  const segments = base
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${segments.join('/')}${rest ? '(?:/.*)?' : '/?'}$`;
}

/** Whether a path opens the web app (one of APP_ROUTE_PATTERNS). */
export function isAppPath(path: string): boolean {
  return APP_ROUTE_PATTERNS.some((p) => new RegExp(appRouteRegExpSource(p)).test(path));
}

/** The pattern of a path whose last segment has an extension (`/assets/x.js`, `/favicon.ico`): it names a file. */
export const FILE_PATH_PATTERN = /\.[^/]*$/;

/** Whether the app answers a path (not a public page): one of its routes, or a path that names no file. */
export function isAnsweredByApp(path: string): boolean {
  return isAppPath(path) || !FILE_PATH_PATTERN.test(path);
}
