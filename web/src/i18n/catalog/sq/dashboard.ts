import type { dashboard as en } from '../en/dashboard';
import type { Translation } from '../types';

export const dashboard: Translation<typeof en> = {};
