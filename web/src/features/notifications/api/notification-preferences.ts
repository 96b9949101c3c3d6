/** GET and PUT /notifications/preferences: email on/off per kind and the lead alert mode (instant, daily, off). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../../common/notifications';
import type { preferencesBody } from '../../../../../common/schemas/notifications';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { notificationKeys } from './keys';

export const getNotificationPreferences = () => api.get<NotificationPreferences>('/notifications/preferences');

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.preferences(), queryFn: getNotificationPreferences });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export const updateNotificationPreferences = (changes: z.input<typeof preferencesBody>) =>
  api.put<NotificationPreferences>('/notifications/preferences', changes);

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
