/** The notifications feature: the navbar's bell and the notifications page. */
export { NotificationBell } from './NotificationBell';
