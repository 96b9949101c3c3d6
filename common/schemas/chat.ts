/** Request schemas of chat: POST /chat/createRoom, GET /chat/businessRooms and /chat/getUserRooms. */
import * as z from 'zod';
import { idSchema } from './fields';
import { pageQuery } from './paging';

export const createRoomBody = z.object({
  businessId: idSchema('businessId'),
  clientId: idSchema('clientId'),
});

export const roomsQuery = z.object({ cognitoId: idSchema('cognitoId'), ...pageQuery });
