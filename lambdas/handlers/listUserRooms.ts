/** GET /chat/getUserRooms?cognitoId=: the caller's own chat rooms, newest first, paged (GSI2 UROOMS). Only for the caller's own cognitoId. */
import { roomsQuery } from '../../common/schemas/chat';
import { defineHandler } from '../api/http';
import { forbidden } from '../lib/errors';
import { pageReply } from '../api/paging';
import { listRoomsOfClient } from '../data/rooms';
import { toRoomDto } from '../domain/chat';

export const handler = defineHandler('listUserRooms', {
  query: roomsQuery,
  run: async ({ caller, query }) => {
    if (query.cognitoId !== caller.sub) throw forbidden('You can only list your own chat rooms');
    const page = await listRoomsOfClient(caller.sub, query);
    return pageReply(
      page.items.map((room) => toRoomDto(room, caller.role)),
      page.nextCursor,
    );
  },
});
