/**
 * X-Ray traces through AWS Lambda Powertools Tracer, next to the Logger and Metrics of ./log.ts. The
 * functions run with X-Ray active tracing (infra/constructs/functionDefaults.ts); on top of Lambda's own
 * segment this adds
 *  - a subsegment per AWS SDK call (service, operation, status, retries, throttling) for every client made
 *    through `traceClient` (DynamoDB, S3, SES, SQS, Secrets Manager), and one per outgoing HTTPS request;
 *  - a subsegment `## <handler>` per API invocation, annotated with its route key, answer status, cold
 *    start and service (the stage), so traces can be searched by route in the X-Ray console
 *    (`annotation.route = "GET /post/{id}"`).
 * Outside Lambda (the local gateway runs the handlers in-process, the tests) or with
 * POWERTOOLS_TRACE_ENABLED=false, the Tracer is not even loaded: clients are returned untouched and
 * `traceInvocation` only runs the work. Loading it is not free: the X-Ray SDK under it keeps an async hook
 * that tracks the end of every promise in the process (measured: a promise-heavy loop runs 10x slower once
 * it is loaded), which the local gateway, with every handler in one process, would pay on every request.
 * In Lambda it is loaded while the module loads (a top-level await: the function's init, before the first
 * invocation, which `npm run bench:start` counts in the start time), from the function's own bundle
 * (infra/constructs/functionDefaults.ts).
 */
import type { Tracer } from '@aws-lambda-powertools/tracer';
import { serviceName } from './log';

/** Powertools' own rule: traces are recorded in Lambda unless POWERTOOLS_TRACE_ENABLED=false. */
const tracingWanted = () =>
  (process.env.AWS_EXECUTION_ENV ?? '').startsWith('AWS_Lambda_') &&
  process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';

const tracer: Tracer | null = tracingWanted()
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: serviceName() })
  : null;

/** Whether traces are being recorded (only in Lambda, unless POWERTOOLS_TRACE_ENABLED=false). */
export const tracingEnabled = () => tracer?.isTracingEnabled() ?? false;

/** The AWS SDK v3 client with its calls traced (the same client, unchanged, where tracing is off). */
export function traceClient<T>(client: T): T {
  return tracer?.captureAWSv3Client(client) ?? client;
}

type Annotation = string | number | boolean;

/**
 * Runs one invocation of `name` in its own subsegment with `annotations`; an answer with a `statusCode`
 * adds it as the `status` annotation (a 5xx marks the subsegment as a fault), a thrown error is recorded
 * on it.
 */
export async function traceInvocation<T>(
  name: string,
  annotations: Record<string, Annotation>,
  work: () => Promise<T>,
): Promise<T> {
  const t = tracer;
  if (!t?.isTracingEnabled()) return work();
  const parent = t.getSegment();
  if (!parent) return work();
  const subsegment = parent.addNewSubsegment(`## ${name}`);
  t.setSegment(subsegment);
  try {
    t.annotateColdStart();
    t.addServiceNameAnnotation();
    for (const [key, value] of Object.entries(annotations)) t.putAnnotation(key, value);
    const result = await work();
    const status = (result as { statusCode?: unknown } | undefined)?.statusCode;
    if (typeof status === 'number') {
      t.putAnnotation('status', status);
      if (status >= 500) subsegment.addFaultFlag();
    }
    return result;
  } catch (err) {
    t.addErrorAsMetadata(err instanceof Error ? err : new Error(String(err)));
    throw err;
  } finally {
    subsegment.close();
    t.setSegment(parent);
  }
}
