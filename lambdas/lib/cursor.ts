/**
 * Cursors: an opaque base64url of DynamoDB's LastEvaluatedKey (or of one sort key for merged lists). Free of the
 * HTTP layer and the request schemas, so data access (lambdas/data/query.ts) and the public site's Lambda can use
 * them without bundling either; lambdas/api/paging.ts answers the lists with them.
 */
import { isWellFormed } from '../../common/text';
import { badRequest } from './errors';

export function encodeCursor(key: unknown): string | undefined {
  if (!key) return undefined;
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T = Record<string, unknown>>(cursor: string | undefined): T | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object') throw new Error('not an object');
    return value as T;
  } catch {
    throw badRequest(
      'Invalid cursor',
      [{ field: 'cursor', message: 'Invalid cursor', code: 'INVALID_CURSOR' }],
      'INVALID_CURSOR',
    );
  }
}

/**
 * Cursors of merged lists (lambdas/data/openPosts.ts mergedOpenPage): every merged partition is sorted
 * by the same key, so one sort key is the position in all of them; the next page reads each from below it.
 */
export function cursorPosition(cursor: string | undefined): string | undefined {
  const decoded = decodeCursor<{ before?: unknown }>(cursor);
  if (decoded === undefined) return undefined;
  if (typeof decoded.before !== 'string' || !decoded.before || !isWellFormed(decoded.before)) {
    throw badRequest(
      'Invalid cursor',
      [{ field: 'cursor', message: 'Invalid cursor', code: 'INVALID_CURSOR' }],
      'INVALID_CURSOR',
    );
  }
  return decoded.before;
}

export const positionCursor = (next: string | undefined) => (next ? encodeCursor({ before: next }) : undefined);
