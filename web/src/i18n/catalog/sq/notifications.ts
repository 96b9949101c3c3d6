import type { notifications as en } from '../en/notifications';
import type { Translation } from '../types';

export const notifications: Translation<typeof en> = {
  'notifications.bell.label':
    '{count, plural, =0 {Njoftimet, asnjë i palexuar} one {Njoftimet, # i palexuar} other {Njoftimet, # të palexuar}}',
  'notifications.menu': 'Njoftimet',
};
