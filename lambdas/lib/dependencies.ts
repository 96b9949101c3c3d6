/**
 * The one place that says how long the API waits for what it depends on (DynamoDB, S3, Secrets Manager,
 * the payment provider) and how it recognises that one of them failed.
 *
 * Everything comes from one time budget, the request's time limit (config.timeLimitMs, the Lambda
 * timeout API_TIME_LIMIT_SECONDS):
 * - each attempt of a call gets a connection timeout and an answer timeout, and a call makes at most
 *   DEPENDENCY_MAX_ATTEMPTS attempts with exponential backoff and jitter (the AWS SDK's standard retry
 *   mode: 100 ms base, and a retry quota that stops retrying during a long outage);
 * - for the AWS SDK clients both count only time the dependency itself is silent: the connection timeout
 *   runs from asking for a connection until it is open, and the answer timeout is an idle limit on the open
 *   connection (no byte for that long, first byte or later: `socketTimeout`), never a limit on the total
 *   duration. The clients never queue calls for a free connection (no socket limit), so a call waiting its
 *   turn behind others on a busy process (many requests at once on the local stack) is not failed for the
 *   wait; a database that does not answer (paused, a hung network) sends nothing and fails fast;
 * - the handler wrapper stops waiting ANSWER_MARGIN before the time limit (withinTimeLimit), so
 *   however many calls a handler makes, it answers before the Lambda is cut off.
 * A dependency that is down, throttled or too slow makes the request answer 503
 * `{ message, code: 'SERVICE_UNAVAILABLE' }` with a Retry-After header (lambdas/api/http.ts), never a 500.
 */
import { config } from './config';

/** Attempts per call (the first and two retries). */
export const DEPENDENCY_MAX_ATTEMPTS = 3;
/** What a 503 tells the caller to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export interface DependencyTimeouts {
  /** The request's time limit these are derived from. */
  timeLimitMs: number;
  /** Time to open a connection, per attempt. */
  connectionTimeoutMs: number;
  /**
   * Per attempt: for the AWS SDK clients, the longest the open connection may stay silent (before the first
   * byte of the answer, or between bytes); for other dependencies (callDependency), the whole attempt.
   */
  requestTimeoutMs: number;
  maxAttempts: number;
  /** The handler answers by then at the latest (the time limit less a margin for the answer itself). */
  answerWithinMs: number;
}

/**
 * The timeouts that fit a time limit: 10 s gives 0.6 s to connect, 2 s of silence per attempt, an answer within 9 s.
 * The connection timeout also runs while the process is too busy to see the connection open (many connections opened
 * at once under load); a database that is up but paused still accepts connections, so the silence limit catches it.
 */
export function dependencyTimeouts(timeLimitMs = config.timeLimitMs): DependencyTimeouts {
  return {
    timeLimitMs,
    connectionTimeoutMs: Math.max(50, Math.round(timeLimitMs * 0.06)),
    requestTimeoutMs: Math.max(100, Math.round(timeLimitMs * 0.2)),
    maxAttempts: DEPENDENCY_MAX_ATTEMPTS,
    answerWithinMs: timeLimitMs - Math.min(1000, Math.round(timeLimitMs * 0.1)),
  };
}

/**
 * Until when (epoch ms) a profile edit started at `startedMs` writes the copies of the record (a client's posts, the
 * members' chat rooms) before it answers: half of what the request may take, so the batch then in flight and the rest
 * of the request still fit. The stream's notifier writes what is left.
 */
export const copiesDeadline = (startedMs: number) => startedMs + dependencyTimeouts().answerWithinMs / 2;

/** Constructor options every AWS SDK v3 client of the API is created with. */
export function awsClientOptions() {
  const t = dependencyTimeouts();
  return {
    maxAttempts: t.maxAttempts,
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: t.connectionTimeoutMs,
      // An idle limit on the connection, not a limit on the whole request: a total-duration `requestTimeout` also
      // counted the time a call waited for a free socket and failed calls that were merely queued under load.
      socketTimeout: t.requestTimeoutMs,
      // No queue for a socket (the SDK's default agent allows 50 and queues the rest).
      httpAgent: { keepAlive: true, maxSockets: Infinity },
      httpsAgent: { keepAlive: true, maxSockets: Infinity },
    },
  } as const;
}

/**
 * The AWS SDK client without its logging step when it has no logger (the SDK's no-op one, as every client of the
 * API): that step still copied each call's input and answer, walking their schema to mask sensitive fields, for a
 * log line nobody writes (measured: about 3 % of the local gateway's CPU under load). A client given a logger keeps it.
 */
export function withoutIdleLogging<
  T extends { config: { logger?: unknown }; middlewareStack: { remove(name: string): boolean } },
>(client: T): T {
  const logger = client.config.logger as { constructor?: { name?: string } } | undefined;
  if (!logger || logger.constructor?.name === 'NoOpLogger') client.middlewareStack.remove('loggerMiddleware');
  return client;
}

/** Thrown when the request's time ran out while waiting on a dependency. */
export class DependencyTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'DependencyTimeout';
  }
}

/**
 * `work`, or a DependencyTimeout after `ms`. The work itself is not stopped (nothing can stop a call in
 * flight from outside); a late failure of it is dropped, not left as an unhandled rejection.
 */
export async function withinTimeLimit<T>(work: Promise<T>, ms: number, what = 'A dependency'): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyTimeout(what, ms)), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

export type DependencyFault = 'timeout' | 'unreachable' | 'throttled' | 'unavailable';

const TIMEOUT_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'AbortError',
  'DependencyTimeout',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const THROTTLING_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'RequestThrottledException',
  'RequestThrottled',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'SlowDown',
  'BandwidthLimitExceeded',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
]);
/** Cancellation reasons of a DynamoDB transaction that mean "throttled", not "refused". */
const THROTTLING_REASONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded']);

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  $retryable?: { throttling?: unknown };
  reasons?: unknown;
  CancellationReasons?: unknown;
}

function faultOf(err: ErrorShape): DependencyFault | undefined {
  const name = typeof err.name === 'string' ? err.name : '';
  const code = typeof err.code === 'string' ? err.code : '';
  if (TIMEOUT_NAMES.has(name) || TIMEOUT_CODES.has(code)) return 'timeout';
  if (NETWORK_CODES.has(code)) return 'unreachable';
  if (THROTTLING_NAMES.has(name) || err.$retryable?.throttling === true) return 'throttled';
  const reasons = [
    ...(Array.isArray(err.reasons) ? err.reasons : []),
    ...(Array.isArray(err.CancellationReasons) ? err.CancellationReasons.map((r: { Code?: unknown }) => r?.Code) : []),
  ];
  if (reasons.some((r) => typeof r === 'string' && THROTTLING_REASONS.has(r))) return 'throttled';
  const status = err.$metadata?.httpStatusCode;
  if (status === 429) return 'throttled';
  if ((typeof status === 'number' && status >= 500) || err.$fault === 'server') return 'unavailable';
  return undefined;
}

/**
 * Whether `err` means a dependency is unavailable (and of what kind), or undefined for anything else
 * (a refused condition, a validation error, a bug). Looks through `cause` chains and AggregateErrors
 * (a connection refused on every address of a host).
 */
export function dependencyFault(err: unknown, depth = 0): DependencyFault | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const e = err as ErrorShape;
  const own = faultOf(e);
  if (own) return own;
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const fault = dependencyFault(inner, depth + 1);
      if (fault) return fault;
    }
  }
  return dependencyFault(e.cause, depth + 1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A call to a dependency that is not an AWS SDK client (the payment provider): each attempt limited to
 * the request timeout, dependency faults retried with exponential backoff and jitter, at most
 * DEPENDENCY_MAX_ATTEMPTS attempts. Only for calls that are safe to repeat (idempotent, or carrying an
 * idempotency key).
 */
export async function callDependency<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  const t = dependencyTimeouts();
  for (let n = 1; ; n++) {
    try {
      return await withinTimeLimit(attempt(), t.requestTimeoutMs, what);
    } catch (err) {
      if (n >= t.maxAttempts || !dependencyFault(err)) throw err;
      await sleep(Math.random() * 100 * 2 ** n);
    }
  }
}
