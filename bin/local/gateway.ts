/**
 * The local stand-in for API Gateway (HTTP API, payload v2): serves exactly the routes of
 * common/routes.ts, verifies the bearer ID token like the JWT authorizer does (issuer, audience,
 * expiry, signature against the pool's JWKS; 401 otherwise), builds the same event the real
 * authorizer hands to a Lambda (claims under requestContext.authorizer.jwt.claims) and calls the
 * real handler. CORS is answered here the way the HTTP API's CORS configuration does in the cloud.
 *
 * Every answer the gateway gives itself (no route, no token, a request too large) is JSON
 * `{ message, code }`, like API Gateway's own answers plus a code a caller can branch on. A refused
 * request never breaks the keep-alive connection it came on: an over-large body is read to its end
 * before the 413 (up to DRAIN_LIMIT_BYTES; past that the 413 closes the connection cleanly).
 *
 * A handler gets the cloud's time limit (the Lambda timeout, API_TIME_LIMIT_SECONDS, or the stack's
 * shorter `timeLimitMs`) and the same `context.getRemainingTimeInMillis()`; one that runs past it is
 * answered 503 `SERVICE_UNAVAILABLE` with Retry-After (the handlers answer their own 503 before that).
 * The pool's keys are fetched with API Gateway's JWKS timeout; a pool that does not answer gives 503, not 401.
 * A token that passed is remembered until its `exp` (at most VERIFIED_TOKENS of them), as API Gateway's authorizer
 * may cache its verdicts, so a client's every call does not pay the signature check again; a token that failed is
 * checked again each time, and a remembered one still answers 401 from its expiry on.
 * It also serves the API's OpenAPI document at /openapi.json and its reference page at /docs (bin/local/apiDocs.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { API_TIME_LIMIT_SECONDS, IDEMPOTENCY_KEY_HEADER } from '../../common/constants';
import { routes as allRoutes, type RouteDef } from '../../common/routes';
import { RETRY_AFTER_SECONDS, dependencyFault } from '../../lambdas/lib/dependencies';
import type { ApiEvent, ApiResult } from '../../lambdas/api/http';
import type { ErrorCode } from '../../common/errors';
import { buildApiEvent } from './apiEvent';
import { apiDocsAnswer } from './apiDocs';
import { serveSite } from './site';

export { buildApiEvent } from './apiEvent';

/** The HTTP API's limit on a request body (payload v2 from a browser goes through this gateway). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** API Gateway HTTP API quota: "total combined size of request line and header values", 10240 bytes. */
export const REQUEST_HEAD_LIMIT_BYTES = 10240;
/** Node parses request heads up to this size, so an over-long one still gets the JSON 431; past it, see clientError. */
const PARSER_HEAD_LIMIT_BYTES = 128 * 1024;
/** A refused body is read and thrown away up to this size so the connection stays usable; past it the connection is closed. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/** The answers the gateway gives by itself, each `{ message, code }` (the message is API Gateway's). */
export const GATEWAY_ERRORS = {
  badRequest: { status: 400, message: 'Bad Request', code: 'BAD_REQUEST' },
  unauthorized: { status: 401, message: 'Unauthorized', code: 'UNAUTHORIZED' },
  notFound: { status: 404, message: 'Not Found', code: 'NOT_FOUND' },
  bodyTooLarge: { status: 413, message: 'Request Entity Too Large', code: 'BODY_TOO_LARGE' },
  headTooLarge: { status: 431, message: 'Request Header Fields Too Large', code: 'HEADERS_TOO_LARGE' },
  internal: { status: 500, message: 'Internal Server Error', code: 'INTERNAL_ERROR' },
  unavailable: { status: 503, message: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<string, { status: number; message: string; code: ErrorCode }>;
/** API Gateway HTTP API quota: "timeout for JSON Web Key Set endpoint", 1500 ms. */
const JWKS_TIMEOUT_MS = 1500;
/** How many verified tokens the gateway remembers (the oldest is forgotten first). */
const VERIFIED_TOKENS = 1000;
type GatewayError = (typeof GATEWAY_ERRORS)[keyof typeof GATEWAY_ERRORS];
const errorBody = (e: GatewayError) => ({ message: e.message, code: e.code });

/** Bytes of the request line and headers, counted the way the HTTP API quota counts them. */
function requestHeadBytes(req: http.IncomingMessage): number {
  let bytes = Buffer.byteLength(`${req.method} ${req.url} HTTP/${req.httpVersion}`);
  for (const part of req.rawHeaders) bytes += Buffer.byteLength(part);
  return bytes;
}

type BodyRead = { body: Buffer } | { tooLarge: true; closeConnection: boolean };

/**
 * The request body, or tooLarge. An over-large body is still read to its end (and dropped), so the
 * next request on the same keep-alive connection is parsed from the right place; breaking off the
 * read instead would destroy the socket (the reset callers saw after a 413).
 */
function readBody(req: http.IncomingMessage): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT_BYTES) chunks.push(chunk);
      else chunks.length = 0;
      if (size > DRAIN_LIMIT_BYTES && !settled) {
        settled = true;
        req.pause();
        resolve({ tooLarge: true, closeConnection: true });
      }
    });
    req.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(size > BODY_LIMIT_BYTES ? { tooLarge: true, closeConnection: false } : { body: Buffer.concat(chunks) });
    });
    req.on('error', (err) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    });
  });
}

export type LambdaHandler = (event: ApiEvent, context: Record<string, unknown>) => Promise<ApiResult>;

export interface GatewayOptions {
  port: number;
  host?: string;
  issuer: string;
  audience: string;
  /** The browser origins allowed to call (the web app's), or '*' for any (the test stacks without a web app). */
  corsOrigins: readonly string[] | '*';
  loadHandler: (name: string) => Promise<LambdaHandler>;
  routes?: readonly RouteDef[];
  /** A handler's time limit; the Lambda timeout unless a test stack shortens it. */
  timeLimitMs?: number;
  onRequest?: (line: { method: string; path: string; status: number; ms: number }) => void;
}

interface CompiledRoute {
  def: RouteDef;
  regex: RegExp;
  names: string[];
  params: number;
}

export function compileRoutes(defs: readonly RouteDef[]): CompiledRoute[] {
  return (
    defs
      .map((def) => {
        const names: string[] = [];
        const pattern = def.path
          .split('/')
          .map((seg) => {
            const m = /^\{(\w+)\}$/.exec(seg);
            if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(m[1]);
            return '([^/]+)';
          })
          .join('/');
        return { def, regex: new RegExp(`^${pattern}/?$`), names, params: names.length };
      })
      // Like API Gateway, a literal segment wins over a {param} at the same place.
      .sort((a, b) => a.params - b.params)
  );
}

/** The route and path parameters of a request; throws URIError when a parameter's percent-encoding is malformed. */
export function matchRoute(compiled: CompiledRoute[], method: string, path: string) {
  for (const r of compiled) {
    if (r.def.method !== method) continue;
    const m = r.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));
    return { route: r.def, params };
  }
  return undefined;
}

export async function startGateway(opts: GatewayOptions) {
  const compiled = compileRoutes(opts.routes ?? allRoutes);
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`), {
    timeoutDuration: JWKS_TIMEOUT_MS,
  });
  const timeLimitMs = opts.timeLimitMs ?? API_TIME_LIMIT_SECONDS * 1000;

  /** Tokens that passed every check, with their claims, until their `exp` (jose's rule: valid while now < exp). */
  const verified = new Map<string, Readonly<JWTPayload> & { exp: number }>();

  /** The verified claims; undefined for a missing or bad token; 'unavailable' when the pool's keys cannot be fetched. */
  async function verify(authorization: string | undefined): Promise<JWTPayload | undefined | 'unavailable'> {
    const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!m) return undefined;
    const token = m[1];
    const known = verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: opts.issuer });
      const audienceOk =
        payload.aud === opts.audience ||
        (Array.isArray(payload.aud) && payload.aud.includes(opts.audience)) ||
        payload.client_id === opts.audience;
      if (!audienceOk) return undefined;
      if (typeof payload.exp === 'number') {
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, Object.freeze(payload) as Readonly<JWTPayload> & { exp: number });
      }
      return payload;
    } catch (err) {
      const code = (err as { code?: string })?.code;
      return code === 'ERR_JWKS_TIMEOUT' || dependencyFault(err) ? 'unavailable' : undefined;
    }
  }

  const cors = (req: http.IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || (opts.corsOrigins !== '*' && !opts.corsOrigins.includes(origin))) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-headers': `authorization,content-type,${IDEMPOTENCY_KEY_HEADER.toLowerCase()}`,
      'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
      'access-control-expose-headers': 'x-next-cursor,retry-after',
      'access-control-max-age': '600',
      vary: 'origin',
    };
  };

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...cors(req), ...headers });
      res.end(body);
      opts.onRequest?.({ method, path: url.pathname, status, ms: Date.now() - started });
    };
    const sendJson = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      send(status, JSON.stringify(body), { 'content-type': 'application/json', ...headers });
    const sendError = (e: GatewayError, headers: Record<string, string> = {}) =>
      sendJson(e.status, errorBody(e), headers);

    // The whole request is read first (whatever the answer), so the connection stays in step.
    const read = await readBody(req);
    if (requestHeadBytes(req) > REQUEST_HEAD_LIMIT_BYTES) return sendError(GATEWAY_ERRORS.headTooLarge);
    if ('tooLarge' in read) {
      return sendError(GATEWAY_ERRORS.bodyTooLarge, read.closeConnection ? { connection: 'close' } : {});
    }

    if (method === 'OPTIONS') return send(204, '');
    // The API's OpenAPI document and its reference page (bin/local/apiDocs.ts); no route of the table is there.
    if (method === 'GET') {
      const docs = apiDocsAnswer(url.pathname, `http://${req.headers.host ?? `localhost:${opts.port}`}`);
      if (docs) return send(docs.status, docs.body, docs.headers);
    }
    // The public pages answer here too (plain HTTP tests, curl), as on the dev server: bin/local/site.ts.
    if (await serveSite(req, res, url)) {
      opts.onRequest?.({ method, path: url.pathname, status: res.statusCode, ms: Date.now() - started });
      return;
    }
    let match: ReturnType<typeof matchRoute>;
    try {
      match = matchRoute(compiled, method, url.pathname);
    } catch {
      // Malformed percent-encoding in a path parameter: API Gateway refuses the request itself.
      return sendError(GATEWAY_ERRORS.badRequest);
    }
    if (!match) return sendError(GATEWAY_ERRORS.notFound);

    // Public routes (the unsubscribe links) have no authorizer, as in the cloud: no token is read.
    const claims = match.route.auth === 'public' ? undefined : await verify(req.headers.authorization);
    if (claims === 'unavailable')
      return sendError(GATEWAY_ERRORS.unavailable, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    if (!claims && match.route.auth !== 'public') return sendError(GATEWAY_ERRORS.unauthorized);

    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const event = buildApiEvent({
      route: match.route,
      params: match.params,
      query,
      headers,
      claims,
      body: read.body.toString('utf8'),
      rawQueryString: url.search.slice(1),
      sourceIp: req.socket.remoteAddress,
    });
    const requestId = event.requestContext.requestId;

    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await opts.loadHandler(match.route.handler);
      const deadline = Date.now() + timeLimitMs;
      const running = handler(event, {
        awsRequestId: requestId,
        functionName: match.route.handler,
        getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      });
      running.catch(() => undefined);
      const timedOut = new Promise<'timedOut'>((resolve) => {
        timer = setTimeout(() => resolve('timedOut'), timeLimitMs);
      });
      const result = await Promise.race([running, timedOut]);
      if (result === 'timedOut') {
        console.error(
          JSON.stringify({
            level: 'error',
            message: 'Handler ran past its time limit',
            handler: match.route.handler,
            requestId,
            timeLimitMs,
          }),
        );
        return sendError(GATEWAY_ERRORS.unavailable, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }
      const outHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
      send(result.statusCode ?? 200, typeof result.body === 'string' ? result.body : '', outHeaders);
    } catch (err) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'Handler crashed',
          handler: match.route.handler,
          requestId,
          error: String(err),
        }),
      );
      sendError(GATEWAY_ERRORS.internal);
    } finally {
      clearTimeout(timer);
    }
  };

  // Whatever goes wrong with one request (a client aborting mid-body...) answers that request and
  // never becomes an unhandled rejection that stops the gateway.
  const server = http.createServer({ maxHeaderSize: PARSER_HEAD_LIMIT_BYTES }, (req, res) => {
    serve(req, res).catch((err) => {
      console.error(JSON.stringify({ level: 'error', message: 'Gateway request failed', error: String(err) }));
      if (res.writableEnded || res.destroyed) return;
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(errorBody(GATEWAY_ERRORS.internal)));
    });
  });
  // A request Node cannot parse (a head past PARSER_HEAD_LIMIT_BYTES, broken HTTP): Node's default is
  // an empty 431/400. Answer JSON instead and close the connection cleanly, as its framing is lost.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const e = err.code === 'HPE_HEADER_OVERFLOW' ? GATEWAY_ERRORS.headTooLarge : GATEWAY_ERRORS.badRequest;
    const body = JSON.stringify(errorBody(e));
    socket.end(
      `HTTP/1.1 ${e.status} ${http.STATUS_CODES[e.status]}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const importedHandlers = new Map<string, Promise<LambdaHandler>>();

/**
 * Handlers imported straight from lambdas/handlers (the same files the CDK bundles), once per process as a Lambda
 * container loads its code once: a dynamic import() of a module already loaded still goes through the module
 * loader's resolve hooks (tsx's, on their own thread), which under load cost about a tenth of the gateway's time.
 */
export const importHandler = (name: string): Promise<LambdaHandler> => {
  let loading = importedHandlers.get(name);
  if (!loading) {
    loading = import(`../../lambdas/handlers/${name}.ts`).then((mod) => {
      if (typeof mod.handler !== 'function') throw new Error(`lambdas/handlers/${name}.ts has no exported handler`);
      return mod.handler as LambdaHandler;
    });
    importedHandlers.set(name, loading);
  }
  return loading;
};
