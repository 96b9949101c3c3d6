/** POST /notifications/read: `{id}` marks one notification read, `{all: true}` every one; the list and the bell refresh. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppNotification } from '../../../../../common/notifications';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

export type MarkRead = { id: string } | { all: true };

export const markNotificationsRead = (body: MarkRead) =>
  api.post<AppNotification | { count: 0 }>('/notifications/read', body);

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
