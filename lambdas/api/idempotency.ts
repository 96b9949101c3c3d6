/**
 * Purchases charged once: a request carrying an Idempotency-Key (common/constants.ts) claims the key
 * for its caller before it charges; the answer (a success or a 4xx such as a refused payment) is kept
 * for a day and a retry with the same key and body gets that answer again without a new charge. A
 * request arriving while the first is still running waits for its answer (within the request's time),
 * else answers 409 REQUEST_IN_PROGRESS. The same key with a different body is 409 IDEMPOTENCY_KEY_REUSED.
 * A 5xx frees the key, so the retry runs; the charge's provider key is derived from the request key,
 * so the provider does not charge twice either. Without a key a purchase runs as before.
 */
import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_RECORD_TTL_SECONDS,
} from '../../common/constants';
import type { ApiEvent } from './http';
import { Reply, reply } from './http';
import { HttpError, badRequest, conflict } from '../lib/errors';
import { dependencyTimeouts } from '../lib/dependencies';
import {
  claimIdempotencyKey,
  getIdempotencyRecord,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
} from '../data/idempotency';
import type { StoredAnswer } from '../model/idempotency';

const POLL_MS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Idempotency-Key the request carries (header names arrive lower-cased), undefined when none; 400 when malformed. */
export function idempotencyKeyOf(event: Pick<ApiEvent, 'headers'>): string | undefined {
  const name = IDEMPOTENCY_KEY_HEADER.toLowerCase();
  const entry = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name);
  const value = entry?.[1];
  if (value === undefined || value === '') return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw badRequest(
      `Invalid ${IDEMPOTENCY_KEY_HEADER} header: 1 to 100 letters, digits, - or _`,
      [
        {
          field: IDEMPOTENCY_KEY_HEADER,
          message: 'must be 1 to 100 letters, digits, - or _',
          code: 'INVALID_IDEMPOTENCY_KEY',
        },
      ],
      'INVALID_IDEMPOTENCY_KEY',
    );
  }
  return value;
}

/** A stable hash of a JSON value (object keys sorted), to tell a retry from a different request. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value) ?? null))
    .digest('hex');
}

/** A UUID-shaped id derived from the caller and key: the transaction id and the provider's idempotency key of the charge. */
export function chargeIdFor(sub: string, key: string): string {
  const h = createHash('sha256').update(`${sub}#${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const toAnswer = (result: unknown): StoredAnswer =>
  result instanceof Reply
    ? { status: result.status, body: result.body, headers: result.headers }
    : { status: 200, body: result };

const errorAnswer = (err: HttpError): StoredAnswer => ({
  status: err.status,
  body: {
    message: err.message,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.limit ? { limit: err.limit } : {}),
    ...(err.overlap ? { overlap: err.overlap } : {}),
  },
});

const replay = (answer: StoredAnswer) => reply(answer.status, answer.body, answer.headers);

/**
 * Runs `purchase` once per caller and key: a repeat gets the first answer. `key` undefined: runs it.
 */
export async function oncePerKey(
  sub: string,
  key: string | undefined,
  body: unknown,
  purchase: () => Promise<unknown>,
): Promise<unknown> {
  if (!key) return purchase();
  const hash = requestHash(body);
  const { answerWithinMs, timeLimitMs } = dependencyTimeouts();
  const started = Date.now();
  const expiresAt = Math.floor(started / 1000) + IDEMPOTENCY_RECORD_TTL_SECONDS;

  while (!(await claimIdempotencyKey(sub, key, hash, Date.now() + timeLimitMs, expiresAt))) {
    const record = await getIdempotencyRecord(sub, key);
    if (!record) continue; // freed in the meantime: claim again
    if (record.requestHash !== hash) {
      throw conflict(
        `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request`,
        'IDEMPOTENCY_KEY_REUSED',
      );
    }
    if (record.state === 'DONE' && record.answer) return replay(record.answer);
    if (record.lockedUntil < Date.now()) continue; // its holder is lost: take it over
    if (Date.now() - started + POLL_MS >= answerWithinMs - 500) {
      throw conflict(
        'The same purchase is still being processed. Please try again in a moment.',
        'REQUEST_IN_PROGRESS',
      );
    }
    await sleep(POLL_MS);
  }

  let answer: StoredAnswer;
  try {
    answer = toAnswer(await purchase());
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) {
      await saveIdempotentAnswer(sub, key, errorAnswer(err));
    } else {
      await releaseIdempotencyKey(sub, key).catch(() => undefined);
    }
    throw err;
  }
  await saveIdempotentAnswer(sub, key, answer);
  return replay(answer);
}
