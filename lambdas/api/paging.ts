/**
 * Cursor paging. Lists answer a JSON array (the original contract) and put the next cursor in the
 * X-Next-Cursor header; the cursor is an opaque base64url of DynamoDB's LastEvaluatedKey (or of one
 * key per partition for merged queries).
 */
import { NEXT_CURSOR_HEADER } from '../../common/constants';
import { reply } from './http';

export { pageQuery, wholeListQuery } from '../../common/schemas/paging';
export { cursorPosition, decodeCursor, encodeCursor, positionCursor } from '../lib/cursor';

/** A page of items as the API answers it. */
export const pageReply = (items: unknown[], nextCursor?: string) =>
  reply(200, items, nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : undefined);
