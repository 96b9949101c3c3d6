import type { ads as en } from '../en/ads';
import type { Translation } from '../types';

export const ads: Translation<typeof en> = {};
