/** Query keys of the signed-in user's notifications (the list, the bell's unread count, the preferences). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unread: () => ['notifications', 'unread'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  pushKey: () => ['notifications', 'push-key'] as const,
};
