/**
 * Faults of what the API depends on: the one classifier (lambdas/lib/dependencies.ts), the budget its
 * timeouts come from, and what a caller sees when DynamoDB or the payment provider fails: 503 JSON with
 * a code and Retry-After, within the time limit, never a 500.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ConditionalCheckFailedException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { invoke, useTestEnv } from '../support/events';
import { cancelled } from '../support/dynamoErrors';
import {
  DEPENDENCY_MAX_ATTEMPTS,
  DependencyTimeout,
  RETRY_AFTER_SECONDS,
  dependencyFault,
  dependencyTimeouts,
} from '../../lambdas/lib/dependencies';
import { notFound } from '../../lambdas/lib/errors';
import { handler as getPost } from '../../lambdas/handlers/getPost';
import { API_TIME_LIMIT_SECONDS } from '../../common/constants';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());
afterEach(() => {
  delete process.env.API_TIME_LIMIT_MS;
});

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
const sdkTimeout = () => Object.assign(new Error('Request did not complete within 2000 ms'), { name: 'TimeoutError' });

describe('dependencyFault: one classifier for every dependency', () => {
  it.each([
    ['an SDK request timeout', sdkTimeout(), 'timeout'],
    ['the request time limit running out', new DependencyTimeout('DynamoDB', 900), 'timeout'],
    ['a socket timeout', withCode('ETIMEDOUT'), 'timeout'],
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:8000'), 'unreachable'],
    ['connection reset', withCode('ECONNRESET', 'socket hang up'), 'unreachable'],
    [
      'refused on every address of a host',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
      'unreachable',
    ],
    ['a DNS failure', withCode('EAI_AGAIN'), 'unreachable'],
    [
      'DynamoDB throttling',
      new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: { httpStatusCode: 400 } }),
      'throttled',
    ],
    [
      'a throttling exception of any service',
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }),
      'throttled',
    ],
    ['an HTTP 429', Object.assign(new Error('Too many'), { $metadata: { httpStatusCode: 429 } }), 'throttled'],
    ['a transaction cancelled by throttling', cancelled('None', 'ThrottlingError'), 'throttled'],
    [
      'a DynamoDB 500',
      new InternalServerError({ message: 'internal', $metadata: { httpStatusCode: 500 } }),
      'unavailable',
    ],
    [
      'an S3 503',
      Object.assign(new Error('Service Unavailable'), {
        name: 'ServiceUnavailable',
        $fault: 'server',
        $metadata: { httpStatusCode: 503 },
      }),
      'unavailable',
    ],
    [
      'a fault wrapped as the cause of another error',
      new Error('loading the post failed', { cause: sdkTimeout() }),
      'timeout',
    ],
  ])('recognises %s', (_what, err, fault) => {
    expect(dependencyFault(err)).toBe(fault);
  });

  it.each([
    [
      'a failed condition',
      new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: { httpStatusCode: 400 },
      }),
    ],
    ['a transaction refused by a condition', cancelled('None', 'ConditionalCheckFailed')],
    ['a cancellation without reasons', new TransactionCanceledException({ message: 'cancelled', $metadata: {} })],
    [
      'a validation error (a bug, not an outage)',
      Object.assign(new Error('One or more parameter values were invalid'), {
        name: 'ValidationException',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
      }),
    ],
    ['a caller mistake', notFound('Post not found')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'boom'],
    ['nothing', undefined],
  ])('does not take %s for a dependency fault', (_what, err) => {
    expect(dependencyFault(err)).toBeUndefined();
  });
});

describe('dependencyTimeouts: one budget', () => {
  it('derives every timeout from the Lambda timeout, so a call that fails every attempt still ends before the answer is due', () => {
    const t = dependencyTimeouts(API_TIME_LIMIT_SECONDS * 1000);
    expect(t.maxAttempts).toBe(DEPENDENCY_MAX_ATTEMPTS);
    // Standard retry mode: up to 100 ms x 2^n backoff between attempts.
    const backoff = Array.from({ length: t.maxAttempts - 1 }, (_, n) => 100 * 2 ** (n + 1)).reduce((a, b) => a + b, 0);
    const worstCall = t.maxAttempts * (t.connectionTimeoutMs + t.requestTimeoutMs) + backoff;
    expect(worstCall).toBeLessThan(t.answerWithinMs);
    expect(t.answerWithinMs).toBeLessThan(API_TIME_LIMIT_SECONDS * 1000);
  });
});

describe('a handler whose dependency fails', () => {
  it('answers 503 with a code and Retry-After when DynamoDB keeps throttling', async () => {
    ddb
      .on(GetCommand)
      .rejects(
        new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: { httpStatusCode: 400 } }),
      );
    const res = await invoke(getPost, { pathParameters: { id: 'p1' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('answers 503 when DynamoDB cannot be reached, and still 500 for a bug', async () => {
    ddb.on(GetCommand).rejects(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:8000'));
    expect((await invoke(getPost, { pathParameters: { id: 'p1' } })).status).toBe(503);
    ddb.reset();
    ddb.on(GetCommand).rejects(new TypeError('a bug'));
    const bug = await invoke(getPost, { pathParameters: { id: 'p1' } });
    expect([bug.status, bug.headers['retry-after']]).toEqual([500, undefined]);
  });

  it('answers 503 before the time limit when DynamoDB never answers', async () => {
    // A limit of 2 s leaves the handler 200 ms between its answer and the limit (a tenth, as 1 s of the cloud's 29):
    // a busy machine may run its timer late by tens of milliseconds, which a shorter limit's margin did not allow.
    const limitMs = 2000;
    process.env.API_TIME_LIMIT_MS = String(limitMs);
    ddb.on(GetCommand).callsFake(() => new Promise(() => undefined));
    const started = Date.now();
    const res = await invoke(getPost, { pathParameters: { id: 'p1' } });
    const took = Date.now() - started;
    expect([res.status, res.body?.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(took).toBeLessThan(limitMs);
    expect(took).toBeGreaterThanOrEqual(dependencyTimeouts(limitMs).answerWithinMs - 20);
  });
});
