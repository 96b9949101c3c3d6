/**
 * Structured JSON logs, one line per entry, tagged with the request id; and the business metrics. Both
 * go through AWS Lambda Powertools (Logger; Metrics in CloudWatch's embedded metric format, so a metric
 * is a log line CloudWatch turns into a data point, no API call). Never log tokens or headers.
 * `LOG_LEVEL=silent` (the tests) turns both off. Traces (Powertools Tracer: AWS SDK calls, the route of
 * each invocation) are in ./tracing.ts, with the same service name.
 */
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { BUSINESS_METRICS, METRICS_NAMESPACE, type BusinessMetric } from '../../common/metrics';

export type Logger = ReturnType<typeof createLogger>;

const silent = () => process.env.LOG_LEVEL === 'silent';
/** The stage's prefix in the cloud (POWERTOOLS_SERVICE_NAME, set by infra/constructs/functionDefaults.ts). */
export const serviceName = () => process.env.POWERTOOLS_SERVICE_NAME ?? 'marketplace-local';

let powertoolsLogger: PowertoolsLogger | undefined;
let metrics: Metrics | undefined;

export function createLogger(base: Record<string, unknown> = {}) {
  const write = (level: 'info' | 'warn' | 'error', message: string, extra?: Record<string, unknown>) => {
    if (silent()) return;
    powertoolsLogger ??= new PowertoolsLogger({ serviceName: serviceName() });
    powertoolsLogger[level](message, { ...base, ...extra });
  };
  return {
    info: (message: string, extra?: Record<string, unknown>) => write('info', message, extra),
    warn: (message: string, extra?: Record<string, unknown>) => write('warn', message, extra),
    error: (message: string, extra?: Record<string, unknown>) => write('error', message, extra),
  };
}

/** Counts one business event (a posted request, an offer, an acceptance), published at once. */
export function countEvent(name: BusinessMetric, count = 1) {
  if (silent()) return;
  metrics ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: serviceName() });
  metrics.singleMetric().addMetric(BUSINESS_METRICS[name], MetricUnit.Count, count);
}
