/** Errors a handler throws for a caller's mistake (or an unavailable dependency); the wrapper turns them into JSON answers. */
export interface FieldError { field: string; message: string }

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: FieldError[]) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** What a 503 says: nothing the caller did is wrong, a dependency is down, throttled or too slow. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';

/** 503 `{ message, code: 'SERVICE_UNAVAILABLE' }` with Retry-After (lambdas/lib/dependencies.ts). */
export class ServiceUnavailableError extends HttpError {
  readonly code = 'SERVICE_UNAVAILABLE';
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(503, message);
  }
}
export const serviceUnavailable = (retryAfterSeconds: number, message = SERVICE_UNAVAILABLE_MESSAGE) =>
  new ServiceUnavailableError(message, retryAfterSeconds);
