/** Errors a handler throws for a caller's mistake; the wrapper turns them into JSON answers. */
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
