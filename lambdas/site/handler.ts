/**
 * The public site's one Lambda: every public page (common/publicPages.ts PUBLIC_PATH_PATTERNS), rendered on the
 * server with React (react-dom/server) to complete HTML, plus /robots.txt and the sitemaps. Read-only on the
 * table (GetItem, Query, BatchGet). Takes a function-URL / API Gateway v2 event ({rawPath, rawQueryString,
 * headers}) and answers {statusCode, headers, body}. Locally the same function answers the same paths under
 * `npm start` (the Vite dev server and the local gateway route them here: bin/local/site.ts).
 *
 * Decided here, from configuration (lambdas/lib/config.ts):
 *  - every address on the page is on SITE_URL (never the Host the request came with);
 *  - `X-Robots-Tag: noindex` and a Disallow-all robots.txt unless SITE_INDEXABLE=true (production only);
 *  - cache headers for the CDN (CACHE_CONTROL): pages 10 minutes at the edge, served stale while revalidating
 *    for a day and when the origin fails; 404/410 a minute; robots and sitemaps an hour. Pages do not depend on
 *    who asks (no cookie or header is read), so the cache key needs none.
 * Status codes are real: 301 for an old slug (and `/en` → `/en/`), 404 for an unknown page, 410 for a business
 * page that was turned off or hidden, each error page in the visitor's language.
 */
import { renderSite, type SiteEvent, type SiteResult } from './render';

export type { SiteEvent, SiteResult } from './render';
export { CACHE_CONTROL } from './render';

export const handler = (event: SiteEvent): Promise<SiteResult> => renderSite(event);
