/**
 * X-Ray tracing through Powertools Tracer (lambdas/lib/tracing.ts): off and silent outside Lambda (the local
 * gateway runs the handlers in-process), and in Lambda each API invocation is a subsegment annotated with its
 * route and answer status, with the AWS SDK clients instrumented.
 */
import { execFileSync } from 'node:child_process';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import xray from 'aws-xray-sdk-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const XRAY_MIDDLEWARE = 'XRaySDKInstrumentation';
const middlewareOf = (client: DynamoDBClient) =>
  client.middlewareStack.identify().map((m) => m.split(' ')[0].replace(/ -.*/, ''));

const saved = { ...process.env };
let written: string[];
beforeEach(() => {
  vi.resetModules();
  written = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as never);
  for (const m of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, m).mockImplementation((...a) => {
      capture(a.join(' '));
    });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
});

describe('outside Lambda (the local gateway, the tests)', () => {
  it('leaves clients untouched, only runs the work and prints nothing', async () => {
    delete process.env.AWS_EXECUTION_ENV;
    const { traceClient, traceInvocation, tracingEnabled } = await import('../../lambdas/lib/tracing');
    expect(tracingEnabled()).toBe(false);
    const client = new DynamoDBClient({ region: 'eu-central-1' });
    expect(traceClient(client)).toBe(client);
    expect(middlewareOf(client)).not.toContain(XRAY_MIDDLEWARE);
    await expect(
      traceInvocation('getPost', { route: 'GET /post/{id}' }, async () => ({ statusCode: 200 })),
    ).resolves.toEqual({ statusCode: 200 });
    await expect(
      traceInvocation('getPost', { route: 'GET /post/{id}' }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(written).toEqual([]);
  });

  /**
   * Whether a fresh Node process that uses lambdas/lib/tracing.ts with `env` ends up with the X-Ray SDK's
   * promise-tracking hook (cls-hooked) loaded.
   */
  const loadsXray = (env: Record<string, string>) => {
    const script = [
      "import { createRequire } from 'node:module';",
      "const { traceClient, traceInvocation } = await import('./lambdas/lib/tracing.ts');",
      "const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');",
      "traceClient(new DynamoDBClient({ region: 'eu-central-1' }));",
      'await traceInvocation("getPost", {}, async () => 1);',
      'const cache = createRequire(import.meta.url).cache;',
      "console.log(Object.keys(cache).some((k) => k.includes('/cls-hooked/')));",
    ].join('\n');
    const clean = Object.fromEntries(
      Object.entries(saved).filter(([k]) => !k.startsWith('AWS_') && !k.startsWith('POWERTOOLS_')),
    );
    return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...clean, ...env },
      encoding: 'utf8',
    }).trim();
  };

  it('does not load the X-Ray SDK, whose async hook would slow every promise of the local gateway', () => {
    expect(loadsXray({})).toBe('false');
    expect(loadsXray({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'false' })).toBe('false');
    expect(loadsXray({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_SERVICE_NAME: 'x' })).toBe('true');
    // Three fresh Node processes that each compile TypeScript: seconds on a busy 2-core machine.
  }, 60_000);

  it('stays off in Lambda when POWERTOOLS_TRACE_ENABLED=false', async () => {
    process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs24.x';
    process.env.POWERTOOLS_TRACE_ENABLED = 'false';
    const { traceClient, tracingEnabled } = await import('../../lambdas/lib/tracing');
    expect(tracingEnabled()).toBe(false);
    const client = new DynamoDBClient({ region: 'eu-central-1' });
    expect(middlewareOf(traceClient(client))).not.toContain(XRAY_MIDDLEWARE);
    expect(written).toEqual([]);
  });
});

describe('in Lambda', () => {
  /** Runs `work` inside an open X-Ray segment, as Lambda's own segment is during an invocation. */
  const inSegment = <T>(segment: xray.Segment, work: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      xray.getNamespace().run(() => {
        xray.setSegment(segment);
        work().then(resolve, reject);
      });
    });

  it('instruments the AWS SDK clients and traces each invocation with its route and status', async () => {
    process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs24.x';
    process.env.POWERTOOLS_SERVICE_NAME = 'marketplace-test';
    delete process.env.POWERTOOLS_TRACE_ENABLED;
    const { traceClient, traceInvocation, tracingEnabled } = await import('../../lambdas/lib/tracing');
    expect(tracingEnabled()).toBe(true);
    expect(middlewareOf(traceClient(new DynamoDBClient({ region: 'eu-central-1' })))).toContain(XRAY_MIDDLEWARE);

    const segment = new xray.Segment('marketplace-test-api-getPost');
    const ok = await inSegment(segment, () =>
      traceInvocation('getPost', { route: 'GET /post/{id}' }, async () => ({ statusCode: 404 })),
    );
    expect(ok).toEqual({ statusCode: 404 });
    await inSegment(segment, () =>
      traceInvocation('createPost', { route: 'POST /post' }, async () => ({ statusCode: 503 })),
    );
    const [getPost, createPost] = segment.subsegments as unknown as {
      name: string;
      annotations: Record<string, unknown>;
      fault?: boolean;
      in_progress?: boolean;
    }[];
    expect(getPost.name).toBe('## getPost');
    expect(getPost.annotations).toMatchObject({
      route: 'GET /post/{id}',
      status: 404,
      Service: 'marketplace-test',
      ColdStart: expect.any(Boolean),
    });
    expect(getPost.in_progress).toBeFalsy();
    expect(getPost.fault).toBeFalsy();
    // Only the container's first invocation is a cold start.
    expect(createPost.annotations).toMatchObject({ route: 'POST /post', status: 503, ColdStart: false });
    expect(createPost.fault).toBe(true);
  });
});
