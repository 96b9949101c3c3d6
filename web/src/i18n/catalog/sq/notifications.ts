import type { notifications as en } from '../en/notifications';
import type { Translation } from '../types';

export const notifications: Translation<typeof en> = {};
