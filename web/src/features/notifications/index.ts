/** The notifications feature: the navbar's bell, the notifications page and Settings > Notifications. */
export { NotificationBell } from './NotificationBell';
export { NotificationSettings } from './NotificationSettings';
