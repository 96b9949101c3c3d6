/**
 * Errors a handler throws for a caller's mistake; the wrapper turns them into JSON answers
 * `{message, code, errors?}` (codes: common/errors.ts).
 */
import { defaultErrorCode, type ErrorCode, type FieldErrorBody } from '../../common/errors';

export type FieldError = FieldErrorBody;

export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(readonly status: number, message: string, readonly errors?: FieldError[], code?: ErrorCode) {
    super(message);
    this.code = code ?? defaultErrorCode(status);
  }
}

export const badRequest = (message: string, errors?: FieldError[], code: ErrorCode = 'VALIDATION_FAILED') => new HttpError(400, message, errors, code);
/** A 400 about one field: `{message, code, errors: [{field, message, code}]}`. */
export const fieldError = (field: string, message: string, code: ErrorCode) =>
  badRequest(`Invalid ${field}: ${message}`, [{ field, message, code }], code);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message, undefined, 'UNAUTHORIZED');
export const forbidden = (message = 'Forbidden', code: ErrorCode = 'FORBIDDEN') => new HttpError(403, message, undefined, code);
export const notFound = (message = 'Not found') => new HttpError(404, message, undefined, 'NOT_FOUND');
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new HttpError(409, message, undefined, code);
export const paymentRefused = (message: string) => new HttpError(402, message, undefined, 'PAYMENT_REFUSED');
