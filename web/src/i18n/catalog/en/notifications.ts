/** Texts of the notifications screens (English: the spec's texts). Keys start with 'notifications.'. */
export const notifications = {
  'notifications.bell.label':
    '{count, plural, =0 {Notifications, none unread} one {Notifications, # unread} other {Notifications, # unread}}',
  'notifications.menu': 'Notifications',
} as const;
