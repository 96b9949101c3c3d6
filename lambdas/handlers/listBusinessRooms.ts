/** GET /chat/businessRooms?cognitoId=: the caller's own chat rooms, newest first, paged (GSI1 BROOMS). Only for the caller's own cognitoId. */
import { roomsQuery } from '../../common/schemas/chat';
import { defineHandler } from '../api/http';
import { forbidden } from '../lib/errors';
import { pageReply } from '../api/paging';
import { listRoomsOfBusiness } from '../data/rooms';
import { toRoomDto } from '../domain/chat';

export const handler = defineHandler('listBusinessRooms', {
  query: roomsQuery,
  run: async ({ caller, query }) => {
    if (query.cognitoId !== caller.sub) throw forbidden('You can only list your own chat rooms');
    const page = await listRoomsOfBusiness(caller.sub, query);
    return pageReply(
      page.items.map((room) => toRoomDto(room, caller.role)),
      page.nextCursor,
    );
  },
});
