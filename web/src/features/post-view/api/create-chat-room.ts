/** POST /chat/createRoom {businessId, clientId}: the room of a client and a business (created on first use). */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const createChatRoom = (members: { businessId: string; clientId: string }) =>
  api.post<{ roomId?: string; _id?: string }>('/chat/createRoom', members);

export const useCreateChatRoom = () => useMutation({ mutationFn: createChatRoom });
