import type { settings as en } from '../en/settings';
import type { Translation } from '../types';

export const settings: Translation<typeof en> = {};
