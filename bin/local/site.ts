/**
 * The public site locally: the same handler the Lambda runs (lambdas/site/handler.ts), called for the public
 * paths (common/publicPages.ts isPublicPath) by the Vite dev server (`npm start`: http://localhost:5173/biznes/…)
 * and by the local API gateway. No cache in front of it here, so a change shows on the next request.
 */
import type http from 'node:http';
import { isPublicPath } from '../../common/publicPages';
import type { SiteEvent } from '../../lambdas/site/handler';

/** Sends an answer: as it is, or as a server in front of the site would send it (compressed: bin/local/webBuild.ts). */
export type SendAnswer = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  statusCode: number,
  headers: Record<string, string>,
  body: string,
) => void;

const sendAsIs: SendAnswer = (req, res, statusCode, headers, body) => {
  res.writeHead(statusCode, headers);
  res.end((req.method ?? 'GET').toUpperCase() === 'HEAD' ? undefined : body);
};

/**
 * Answers a request for a public path through the site handler; false (nothing sent) for any other path or method.
 * `url` is the request's URL when the caller has already parsed it (the gateway, on every request).
 */
export async function serveSite(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL = new URL(req.url ?? '/', 'http://local'),
  send: SendAnswer = sendAsIs,
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
  send(req, res, result.statusCode, result.headers, result.body);
  return true;
}
