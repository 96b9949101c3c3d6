/**
 * The local stand-in for API Gateway (HTTP API, payload v2): serves exactly the routes of
 * common/routes.ts, verifies the bearer ID token like the JWT authorizer does (issuer, audience,
 * expiry, signature against the pool's JWKS; 401 otherwise), builds the same event the real
 * authorizer hands to a Lambda (claims under requestContext.authorizer.jwt.claims) and calls the
 * real handler. CORS is answered here the way the HTTP API's CORS configuration does in the cloud.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { routes as allRoutes, type RouteDef } from '../../common/routes';
import type { ApiEvent, ApiResult } from '../../lambdas/lib/http';
import { buildApiEvent } from './apiEvent';

export { buildApiEvent } from './apiEvent';

export type LambdaHandler = (event: ApiEvent, context: Record<string, unknown>) => Promise<ApiResult>;

export interface GatewayOptions {
  port: number;
  host?: string;
  issuer: string;
  audience: string;
  corsOrigin: string;
  loadHandler: (name: string) => Promise<LambdaHandler>;
  routes?: readonly RouteDef[];
  onRequest?: (line: { method: string; path: string; status: number; ms: number }) => void;
}

interface CompiledRoute { def: RouteDef; regex: RegExp; names: string[]; params: number }

export function compileRoutes(defs: readonly RouteDef[]): CompiledRoute[] {
  return defs
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
    .sort((a, b) => a.params - b.params);
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
  const jwks = createRemoteJWKSet(new URL(`${opts.issuer}/.well-known/jwks.json`));

  async function verify(authorization: string | undefined): Promise<JWTPayload | undefined> {
    const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!m) return undefined;
    try {
      const { payload } = await jwtVerify(m[1], jwks, { issuer: opts.issuer });
      const audienceOk = payload.aud === opts.audience || (Array.isArray(payload.aud) && payload.aud.includes(opts.audience))
        || payload.client_id === opts.audience;
      return audienceOk ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  const cors = (req: http.IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || (opts.corsOrigin !== '*' && origin !== opts.corsOrigin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-allow-methods': 'GET,POST,PUT,DELETE,OPTIONS',
      'access-control-expose-headers': 'x-next-cursor',
      'access-control-max-age': '600',
      vary: 'origin',
    };
  };

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...cors(req), ...headers });
      res.end(body);
      opts.onRequest?.({ method, path: url.pathname, status, ms: Date.now() - started });
    };
    const sendJson = (status: number, body: unknown) => send(status, JSON.stringify(body), { 'content-type': 'application/json' });

    if (method === 'OPTIONS') return send(204, '');
    let match: ReturnType<typeof matchRoute>;
    try {
      match = matchRoute(compiled, method, url.pathname);
    } catch {
      // Malformed percent-encoding in a path parameter: API Gateway refuses the request itself.
      return sendJson(400, { message: 'Bad Request' });
    }
    if (!match) return sendJson(404, { message: 'Not Found' });

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > 1024 * 1024) return sendJson(413, { message: 'Request body too large' });
      chunks.push(chunk as Buffer);
    }

    const claims = await verify(req.headers.authorization);
    if (!claims) return sendJson(401, { message: 'Unauthorized' });

    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const event = buildApiEvent({
      route: match.route, params: match.params, query, headers, claims,
      body: Buffer.concat(chunks).toString('utf8'), rawQueryString: url.search.slice(1), sourceIp: req.socket.remoteAddress,
    });
    const requestId = event.requestContext.requestId;

    try {
      const handler = await opts.loadHandler(match.route.handler);
      const result = await handler(event, { awsRequestId: requestId, functionName: match.route.handler });
      const outHeaders = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
      send(result.statusCode ?? 200, typeof result.body === 'string' ? result.body : '', outHeaders);
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', message: 'Handler crashed', handler: match.route.handler, requestId, error: String(err) }));
      sendJson(500, { message: 'Internal Server Error' });
    }
  };

  // Whatever goes wrong with one request (a client aborting mid-body...) answers that request and
  // never becomes an unhandled rejection that stops the gateway.
  const server = http.createServer((req, res) => {
    serve(req, res).catch((err) => {
      console.error(JSON.stringify({ level: 'error', message: 'Gateway request failed', error: String(err) }));
      if (res.writableEnded) return;
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Handlers imported straight from lambdas/handlers (the same files the CDK bundles). */
export const importHandler = async (name: string): Promise<LambdaHandler> => {
  const mod = await import(`../../lambdas/handlers/${name}.ts`);
  if (typeof mod.handler !== 'function') throw new Error(`lambdas/handlers/${name}.ts has no exported handler`);
  return mod.handler;
};
