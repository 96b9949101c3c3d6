/**
 * The public site locally: the same handler the Lambda runs (lambdas/site/handler.ts), called for the public
 * paths (common/publicPages.ts isPublicPath) by the Vite dev server (`npm start`: http://localhost:5173/biznes/…)
 * and by the local API gateway. No cache in front of it here, so a change shows on the next request.
 */
import type http from 'node:http';
import { isPublicPath } from '../../common/publicPages';
import type { SiteEvent } from '../../lambdas/site/handler';

/**
 * Answers a request for a public path through the site handler; false (nothing sent) for any other path or method.
 * `url` is the request's URL when the caller has already parsed it (the gateway, on every request).
 */
export async function serveSite(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL = new URL(req.url ?? '/', 'http://local'),
): Promise<boolean> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!isPublicPath(url.pathname)) return false;
  const { handler } = await import('../../lambdas/site/handler');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  const event: SiteEvent = {
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    requestContext: { http: { method } },
  };
  const result = await handler(event);
  res.writeHead(result.statusCode, result.headers);
  res.end(method === 'HEAD' ? undefined : result.body);
  return true;
}
