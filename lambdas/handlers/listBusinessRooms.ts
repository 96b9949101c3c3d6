/** GET /chat/businessRooms?cognitoId=: the caller's own chat rooms, newest first, paged (GSI1 BROOMS). Only for the caller's own cognitoId. */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { forbidden } from '../lib/errors';
import { pageQuery, pageReply } from '../lib/paging';
import { listRoomsOfBusiness } from '../data/rooms';
import { toRoomDto } from '../domain/chat';

export const handler = defineHandler('listBusinessRooms', {
  query: z.object({ cognitoId: z.string().min(1, 'cognitoId is required').max(128), ...pageQuery }),
  run: async ({ caller, query }) => {
    if (query.cognitoId !== caller.sub) throw forbidden('You can only list your own chat rooms');
    const page = await listRoomsOfBusiness(caller.sub, query);
    return pageReply(page.items.map((room) => toRoomDto(room, caller.role)), page.nextCursor);
  },
});
