/** The notifications feature: the navbar's bell and the notifications page. */
export { NotificationBell, NOTIFICATIONS_PATH } from './NotificationBell';
