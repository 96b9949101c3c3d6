/**
 * The one wrapper every handler goes through: it reads the caller from the claims API Gateway's JWT
 * authorizer verified (payload v2: requestContext.authorizer.jwt.claims), enforces the role the route
 * table names, validates params/query/body against zod schemas, and turns thrown errors into JSON
 * answers; a suspended account (lambdas/data/suspensions.ts) is refused with 403 ACCOUNT_SUSPENDED after the
 * token, role and input checks, a closed one (deleted by its owner, waiting for its erasure) with 403 ACCOUNT_CLOSED
 * except on the routes marked `closedAccount`. A caller's mistake is always a 4xx with `{ message, code, errors? }` (codes: common/errors.ts);
 * a dependency that is down, throttled or too slow is a 503 `{ message, code: 'SERVICE_UNAVAILABLE' }` with
 * Retry-After, also when the request's time runs out (lambdas/lib/dependencies.ts); anything else is a logged 500.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { routeKey, routes, type RouteAuth } from '../../common/routes';
import type { Caller } from '../../common/types';
import { ROLES, type Role } from '../../common/constants';
import type { ErrorCode } from '../../common/errors';
import { MODERATOR_GROUP, claimHasGroup } from '../../common/moderation';
import { OPERATOR_GROUP } from '../../common/operatorFigures';
import {
  HttpError,
  ServiceUnavailableError,
  badRequest,
  forbidden,
  serviceUnavailable,
  unauthorized,
  type FieldError,
} from '../lib/errors';
import {
  RETRY_AFTER_SECONDS,
  copiesDeadline,
  dependencyFault,
  dependencyTimeouts,
  withinTimeLimit,
} from '../lib/dependencies';
import { withFollowUps } from '../lib/followUps';
import { createLogger, type Logger } from '../lib/log';
import { traceInvocation } from '../lib/tracing';
import { isClosed, isSuspended } from '../data/suspensions';

export type ApiEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]> } };
  };
};
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A non-200 answer (or one with headers). Plain return values are sent as 200 JSON. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers?: Record<string, string>,
  ) {}
}
export const reply = (status: number, body?: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);

/** An answer that is not JSON (a CSV file): its text as it is, with its own content type and headers. */
export class TextReply extends Reply {
  constructor(
    status: number,
    readonly text: string,
    headers: Record<string, string> & { 'content-type': string },
  ) {
    super(status, undefined, headers);
  }
}

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;

export interface HandlerSpec<P, Q, B> {
  params?: P;
  query?: Q;
  body?: B;
  run: (req: {
    caller: Caller;
    params: Out<P>;
    query: Out<Q>;
    body: Out<B>;
    event: ApiEvent;
    log: Logger;
  }) => Promise<Reply | unknown>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): ApiResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json', ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

/** The caller from verified claims; the role comes from `nickname` and must be client or business. */
export function callerFromEvent(event: ApiEvent): Caller {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') throw unauthorized();
  // The JWT authorizer accepts the pool's access tokens too (same issuer and client); the account
  // type and email are claims of the ID token only, so nothing else is accepted.
  if (claims.token_use !== 'id') throw unauthorized('Send the ID token of the signed-in user');
  const role = String(claims.nickname ?? '').toLowerCase();
  if (!(ROLES as readonly string[]).includes(role)) throw forbidden('Unknown account type', 'WRONG_ROLE');
  return {
    sub: claims.sub,
    role: role as Role,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    moderator: claimHasGroup(claims['cognito:groups'], MODERATOR_GROUP),
    operator: claimHasGroup(claims['cognito:groups'], OPERATOR_GROUP),
  };
}

function assertRole(caller: Caller, auth: RouteAuth) {
  if (auth === 'public') throw new Error('A public route is defined with definePublicHandler');
  if (auth === 'moderator') {
    if (!caller.moderator) throw forbidden('Only moderators may do this', 'NOT_MODERATOR');
    return;
  }
  if (auth === 'operator') {
    if (!caller.operator) throw forbidden("Only the marketplace's operators may do this", 'NOT_OPERATOR');
    return;
  }
  if (auth !== 'user' && caller.role !== auth) throw forbidden(`Only ${auth} accounts may do this`, 'WRONG_ROLE');
}

const valueAt = (input: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    input,
  );

/** The stable code of one zod issue: the one a shared schema named (`params.code`), else by kind. */
export function issueCode(issue: z.core.$ZodIssue, input: unknown): ErrorCode {
  const named = (issue as { params?: { code?: ErrorCode } }).params?.code;
  if (named) return named;
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined || value === null) return 'FIELD_REQUIRED';
      return issue.expected === 'number' ? 'NOT_A_NUMBER' : 'INVALID_VALUE';
    case 'too_big':
      if (issue.origin === 'string') return 'FIELD_TOO_LONG';
      if (issue.origin === 'array' || issue.origin === 'set') return 'TOO_MANY_ITEMS';
      return 'NUMBER_OUT_OF_RANGE';
    case 'too_small':
      if (issue.origin === 'string')
        return value === undefined || value === '' || (typeof value === 'string' && !value.trim())
          ? 'FIELD_REQUIRED'
          : 'FIELD_TOO_SHORT';
      if (issue.origin === 'array' || issue.origin === 'set') return 'FIELD_REQUIRED';
      return 'NUMBER_OUT_OF_RANGE';
    case 'not_multiple_of':
      return 'NOT_A_WHOLE_NUMBER';
    default:
      return 'INVALID_VALUE';
  }
}

function validate<S>(schema: S | undefined, input: unknown, where: string) {
  if (!schema) return undefined;
  const value = input ?? {};
  const result = (schema as unknown as Schema).safeParse(value);
  if (!result.success) {
    const errors: FieldError[] = result.error.issues.map((i) => ({
      field: i.path.length ? i.path.join('.') : where,
      message: i.message,
      code: issueCode(i, value),
    }));
    // One kind of mistake is named at the top too; several kinds are VALIDATION_FAILED (each field has its code).
    const code = errors.every((e) => e.code === errors[0].code) ? errors[0].code : 'VALIDATION_FAILED';
    throw badRequest(`Invalid ${where}: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors, code);
  }
  return result.data;
}

function parseBody(event: ApiEvent): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body must be JSON', undefined, 'BODY_NOT_JSON');
  }
}

function routeOf(handlerName: string) {
  const route = routes.find((r) => r.handler === handlerName);
  if (!route) throw new Error(`No route in common/routes.ts uses handler ${handlerName}`);
  return route;
}
const routeAuth = (handlerName: string): RouteAuth => routeOf(handlerName).auth;

/** How long the handler may wait: its share of the time limit, or of what the Lambda runtime says is left. */
function answerWithinMs(context?: Partial<Context>): number {
  const { answerWithinMs, timeLimitMs } = dependencyTimeouts();
  const left = context?.getRemainingTimeInMillis?.();
  return typeof left === 'number' ? Math.min(answerWithinMs, left - (timeLimitMs - answerWithinMs)) : answerWithinMs;
}

/**
 * Runs a request's work, then what its changes left to do before the answer (the copies of a changed record:
 * lambdas/data/copies.ts) within half its time limit; what is left then goes to the stream.
 */
const afterTheChange = <T>(run: () => Promise<T>, started: number, log: Logger) =>
  withFollowUps(run, { until: () => copiesDeadline(started), log });

/** Wrap a handler: `export const handler = defineHandler('getPost', { params, run })`. */
export function defineHandler<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(handlerName: string, spec: HandlerSpec<P, Q, B>) {
  const auth = routeAuth(handlerName);
  const route = routeKey(routeOf(handlerName));
  const answersClosedAccount = routeOf(handlerName).closedAccount === true;
  // Each invocation is an X-Ray subsegment annotated with its route (lambdas/lib/tracing.ts; off outside Lambda).
  const handle = async (event: ApiEvent, context?: Partial<Context>): Promise<ApiResult> => {
    const started = Date.now();
    const log = createLogger({
      handler: handlerName,
      requestId: event.requestContext?.requestId ?? context?.awsRequestId,
    });
    try {
      const caller = callerFromEvent(event);
      assertRole(caller, auth);
      const params = validate(spec.params, event.pathParameters, 'path') as Out<P>;
      const query = validate(spec.query, event.queryStringParameters, 'query') as Out<Q>;
      const body = validate(spec.body, spec.body ? parseBody(event) : undefined, 'body') as Out<B>;
      const result = await withinTimeLimit(
        (async () => {
          // A suspended account's still-valid token is refused on every call (from the process's copy of the list).
          if (await isSuspended(caller.sub)) throw forbidden('This account is suspended', 'ACCOUNT_SUSPENDED');
          // A closed account (waiting for its erasure) is answered only its deletion status and the cancel.
          if (!answersClosedAccount && (await isClosed(caller.sub)))
            throw forbidden(
              'This account was deleted and waits for its erasure: sign in again and cancel the deletion to use it',
              'ACCOUNT_CLOSED',
            );
          return afterTheChange(() => spec.run({ caller, params, query, body, event, log }), started, log);
        })(),
        answerWithinMs(context),
        'The request',
      );
      if (result instanceof TextReply) return { statusCode: result.status, headers: result.headers, body: result.text };
      const r = result instanceof Reply ? result : new Reply(200, result);
      return json(r.status, r.body, r.headers);
    } catch (err) {
      const fault = dependencyFault(err);
      if (fault || err instanceof ServiceUnavailableError) {
        const unavailable = err instanceof ServiceUnavailableError ? err : serviceUnavailable(RETRY_AFTER_SECONDS);
        log.warn('A dependency is unavailable', {
          fault,
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        return json(
          503,
          { message: unavailable.message, code: unavailable.code },
          { 'retry-after': String(unavailable.retryAfterSeconds) },
        );
      }
      if (err instanceof HttpError) {
        if (err.status >= 500) log.error(err.message);
        return json(err.status, {
          message: err.message,
          code: err.code,
          ...(err.errors ? { errors: err.errors } : {}),
          ...(err.limit ? { limit: err.limit } : {}),
          ...(err.overlap ? { overlap: err.overlap } : {}),
        });
      }
      log.error('Unhandled error', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      return json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' satisfies ErrorCode });
    }
  };
  return (event: ApiEvent, context?: Partial<Context>) =>
    traceInvocation(handlerName, { route }, () => handle(event, context));
}

/**
 * A route anyone may call without signing in (auth 'public' in common/routes.ts: the unsubscribe
 * links of emails). No caller; the query is validated like any route's; `run` answers a full result
 * (an HTML page). A refused request (an HttpError below 500: a bad query, an altered link) answers the
 * `invalidPage` to a browser (Accept: text/html) and the usual JSON error to anyone else, never a 500.
 */
export function definePublicHandler<Q extends Schema>(
  handlerName: string,
  spec: {
    query: Q;
    run: (req: { query: z.output<Q>; event: ApiEvent; log: Logger }) => Promise<ApiResult>;
    invalidPage: () => ApiResult;
  },
) {
  if (routeAuth(handlerName) !== 'public') throw new Error(`${handlerName} is not a public route`);
  const route = routeKey(routeOf(handlerName));
  const handle = async (event: ApiEvent, context?: Partial<Context>): Promise<ApiResult> => {
    const started = Date.now();
    const log = createLogger({
      handler: handlerName,
      requestId: event.requestContext?.requestId ?? context?.awsRequestId,
    });
    try {
      const query = validate(spec.query, event.queryStringParameters, 'query') as z.output<Q>;
      return await withinTimeLimit(
        afterTheChange(() => spec.run({ query, event, log }), started, log),
        answerWithinMs(context),
        'The request',
      );
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) {
        // A browser (the link opened from an email) gets a page; any other caller the API's JSON error.
        const wantsPage = /text\/html/i.test(event.headers?.accept ?? '');
        return wantsPage
          ? spec.invalidPage()
          : json(err.status, { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) });
      }
      const fault = dependencyFault(err);
      if (fault || err instanceof ServiceUnavailableError) {
        log.warn('A dependency is unavailable', {
          fault,
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        return json(
          503,
          { message: serviceUnavailable(RETRY_AFTER_SECONDS).message, code: 'SERVICE_UNAVAILABLE' },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      }
      log.error('Unhandled error', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      return json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' satisfies ErrorCode });
    }
  };
  return (event: ApiEvent, context?: Partial<Context>) =>
    traceInvocation(handlerName, { route }, () => handle(event, context));
}

/**
 * A read anyone may call without signing in (auth 'public': the price guide), answered as JSON with the
 * `cacheControl` header so browsers and the CDN may keep it. The query is validated like any route's; errors are
 * the usual JSON `{message, code, errors?}` (never cached), a dependency down is 503 with Retry-After.
 */
export function definePublicReadHandler<Q extends Schema>(
  handlerName: string,
  spec: {
    query: Q;
    cacheControl: string;
    run: (req: { query: z.output<Q>; event: ApiEvent; log: Logger }) => Promise<unknown>;
  },
) {
  if (routeAuth(handlerName) !== 'public') throw new Error(`${handlerName} is not a public route`);
  const route = routeKey(routeOf(handlerName));
  const noStore = { 'cache-control': 'no-store' };
  const handle = async (event: ApiEvent, context?: Partial<Context>): Promise<ApiResult> => {
    const started = Date.now();
    const log = createLogger({
      handler: handlerName,
      requestId: event.requestContext?.requestId ?? context?.awsRequestId,
    });
    try {
      const query = validate(spec.query, event.queryStringParameters, 'query') as z.output<Q>;
      const body = await withinTimeLimit(
        afterTheChange(() => spec.run({ query, event, log }), started, log),
        answerWithinMs(context),
        'The request',
      );
      return json(200, body, { 'cache-control': spec.cacheControl });
    } catch (err) {
      const fault = dependencyFault(err);
      if (fault || err instanceof ServiceUnavailableError) {
        log.warn('A dependency is unavailable', {
          fault,
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        return json(
          503,
          { message: serviceUnavailable(RETRY_AFTER_SECONDS).message, code: 'SERVICE_UNAVAILABLE' },
          { 'retry-after': String(RETRY_AFTER_SECONDS), ...noStore },
        );
      }
      if (err instanceof HttpError && err.status < 500) {
        return json(
          err.status,
          { message: err.message, code: err.code, ...(err.errors ? { errors: err.errors } : {}) },
          noStore,
        );
      }
      log.error('Unhandled error', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      return json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' satisfies ErrorCode }, noStore);
    }
  };
  return (event: ApiEvent, context?: Partial<Context>) =>
    traceInvocation(handlerName, { route }, () => handle(event, context));
}

/**
 * A public route that reads its body as the raw bytes sent (the payment provider's webhook: its signature is over
 * them). API Gateway hands a JSON body as text, and any other as base64 (`isBase64Encoded`): both are decoded to
 * the same string here, never re-serialised. `run` answers the full result; a dependency down is 503, anything
 * unexpected a logged 500 (the provider retries both).
 */
export function defineRawBodyHandler(
  handlerName: string,
  run: (req: {
    rawBody: string;
    header: (name: string) => string | undefined;
    event: ApiEvent;
    log: Logger;
  }) => Promise<ApiResult>,
) {
  if (routeAuth(handlerName) !== 'public') throw new Error(`${handlerName} is not a public route`);
  const route = routeKey(routeOf(handlerName));
  const handle = async (event: ApiEvent, context?: Partial<Context>): Promise<ApiResult> => {
    const started = Date.now();
    const log = createLogger({
      handler: handlerName,
      requestId: event.requestContext?.requestId ?? context?.awsRequestId,
    });
    const rawBody = !event.body
      ? ''
      : event.isBase64Encoded
        ? Buffer.from(event.body, 'base64').toString('utf8')
        : event.body;
    const header = (name: string) => {
      const wanted = name.toLowerCase();
      const entry = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === wanted);
      return entry?.[1];
    };
    try {
      return await withinTimeLimit(
        afterTheChange(() => run({ rawBody, header, event, log }), started, log),
        answerWithinMs(context),
        'The request',
      );
    } catch (err) {
      if (err instanceof HttpError && err.status < 500)
        return json(err.status, {
          message: err.message,
          code: err.code,
          ...(err.errors ? { errors: err.errors } : {}),
        });
      const fault = dependencyFault(err);
      if (fault || err instanceof ServiceUnavailableError) {
        log.warn('A dependency is unavailable', {
          fault,
          error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        });
        return json(
          503,
          { message: serviceUnavailable(RETRY_AFTER_SECONDS).message, code: 'SERVICE_UNAVAILABLE' },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      }
      log.error('Unhandled error', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
      return json(500, { message: 'Internal server error', code: 'INTERNAL_ERROR' satisfies ErrorCode });
    }
  };
  return (event: ApiEvent, context?: Partial<Context>) =>
    traceInvocation(handlerName, { route }, () => handle(event, context));
}

/** A JSON answer with headers, for the handlers that build their full result (defineRawBodyHandler). */
export const jsonResult = json;
