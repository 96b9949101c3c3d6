/**
 * The one builder of the event API Gateway (HTTP API, payload v2, JWT authorizer) hands a Lambda:
 * the local gateway and the seed use it for every request, and the unit tests
 * (test/support/events.ts) use it to call handlers directly.
 */
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '../../common/routes';
import { routeKey } from '../../common/routes';
import type { ApiEvent } from '../../lambdas/api/http';

export interface ApiEventRequest {
  route: Pick<RouteDef, 'method' | 'path'>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  /** The verified token's claims; undefined for a request without an authorizer context. */
  claims?: Record<string, unknown>;
  rawQueryString?: string;
  sourceIp?: string;
}

/** Claims as the HTTP API's JWT authorizer passes them: every value a string, arrays as `[a b]`. */
const stringClaims = (payload: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(payload)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(' ')}]` : String(v)]),
  );

export function buildApiEvent(req: ApiEventRequest): ApiEvent {
  const rawPath = req.route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(req.params?.[name] ?? ''),
  );
  const headers = req.headers ?? {};
  return {
    version: '2.0',
    routeKey: routeKey(req.route),
    rawPath,
    rawQueryString: req.rawQueryString ?? new URLSearchParams(req.query ?? {}).toString(),
    headers,
    queryStringParameters: req.query && Object.keys(req.query).length ? req.query : undefined,
    pathParameters: req.params && Object.keys(req.params).length ? req.params : undefined,
    body: req.body || undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.route.method,
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(req.route),
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      ...(req.claims ? { authorizer: { jwt: { claims: stringClaims(req.claims), scopes: null } } } : {}),
    },
  } as unknown as ApiEvent;
}
