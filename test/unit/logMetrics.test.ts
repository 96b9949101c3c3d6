/** The logging helper writes JSON lines through Powertools and business metrics in CloudWatch's embedded metric format. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countEvent, createLogger } from '../../lambdas/lib/log';

let lines: string[];
beforeEach(() => {
  lines = [];
  process.env.LOG_LEVEL = 'info';
  process.env.POWERTOOLS_SERVICE_NAME = 'marketplace-test';
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
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
  process.env.LOG_LEVEL = 'silent';
});

describe('logging helper', () => {
  it('writes one JSON line per entry with the request context and the extra fields', () => {
    createLogger({ handler: 'createPost', requestId: 'r-1' }).error('Could not untag', { key: 'uploads/a.png' });
    const entry = lines.map((l) => JSON.parse(l)).find((e) => e.message === 'Could not untag');
    expect(entry).toMatchObject({
      level: 'ERROR',
      handler: 'createPost',
      requestId: 'r-1',
      key: 'uploads/a.png',
      service: 'marketplace-test',
    });
  });

  it('publishes a business event as an embedded-metric line at once', () => {
    countEvent('offerAccepted');
    const emf = lines.map((l) => JSON.parse(l)).find((e) => e._aws);
    expect(emf._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'Marketplace',
      Metrics: [{ Name: 'OffersAccepted', Unit: 'Count' }],
    });
    expect(emf).toMatchObject({ OffersAccepted: 1, service: 'marketplace-test' });
  });

  it('stays quiet with LOG_LEVEL=silent', () => {
    process.env.LOG_LEVEL = 'silent';
    createLogger().info('x');
    countEvent('offerMade');
    expect(lines).toEqual([]);
  });
});
