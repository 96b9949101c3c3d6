/**
 * Errors a handler throws for a caller's mistake (or an unavailable dependency); the wrapper turns
 * them into JSON answers `{message, code, errors?}` (codes: common/errors.ts).
 */
import { defaultErrorCode, type ErrorCode, type FieldErrorBody } from '../../common/errors';
import type { PlanLimitDetails } from '../../common/plans';
import type { RunOverlap } from '../../common/adRuns';

export type FieldError = FieldErrorBody;

export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    code?: ErrorCode,
    /** A 409 PLAN_LIMIT: which limit of the plan, when it resets and the plan that lifts it. */
    readonly limit?: PlanLimitDetails,
    /** A 409 AD_RUN_OVERLAP: the business's runs a new one overlaps and what it would add. */
    readonly overlap?: RunOverlap,
  ) {
    super(message);
    this.code = code ?? defaultErrorCode(status);
  }
}

export const badRequest = (message: string, errors?: FieldError[], code: ErrorCode = 'VALIDATION_FAILED') =>
  new HttpError(400, message, errors, code);
/** A 400 about one field: `{message, code, errors: [{field, message, code}]}`. */
export const fieldError = (field: string, message: string, code: ErrorCode) =>
  badRequest(`Invalid ${field}: ${message}`, [{ field, message, code }], code);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message, undefined, 'UNAUTHORIZED');
export const forbidden = (message = 'Forbidden', code: ErrorCode = 'FORBIDDEN') =>
  new HttpError(403, message, undefined, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, undefined, 'NOT_FOUND');
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', limit?: PlanLimitDetails) =>
  new HttpError(409, message, undefined, code, limit);
/** 409 AD_RUN_OVERLAP with what the new run overlaps and would add (common/adRuns.ts runOverlap). */
export const runOverlapConflict = (message: string, overlap: RunOverlap) =>
  new HttpError(409, message, undefined, 'AD_RUN_OVERLAP', undefined, overlap);
export const paymentRefused = (message: string) => new HttpError(402, message, undefined, 'PAYMENT_REFUSED');
/** 410: the record's owner deleted their account (it is erased soon, or already). */
export const gone = (message: string) => new HttpError(410, message, undefined, 'ACCOUNT_DELETED');
export const tooManyAttempts = (message: string) => new HttpError(429, message, undefined, 'TOO_MANY_ATTEMPTS');

/** What a 503 says: nothing the caller did is wrong, a dependency is down, throttled or too slow. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';

/** 503 `{ message, code: 'SERVICE_UNAVAILABLE' }` with Retry-After (lambdas/lib/dependencies.ts). */
export class ServiceUnavailableError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message, undefined, 'SERVICE_UNAVAILABLE');
  }
}
export const serviceUnavailable = (retryAfterSeconds: number, message = SERVICE_UNAVAILABLE_MESSAGE) =>
  new ServiceUnavailableError(message, retryAfterSeconds);

/** What a 409 answers: a message for people and a stable code (common/errors.ts). */
export interface Refusal {
  message: string;
  code: ErrorCode;
  /** A plan's limit reached (409 PLAN_LIMIT): its details are answered too. */
  limit?: PlanLimitDetails;
}

/** The 409 a Refusal answers. */
export const refuse = (r: Refusal) => conflict(r.message, r.code, r.limit);
