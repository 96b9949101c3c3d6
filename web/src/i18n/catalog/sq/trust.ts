import type { trust as en } from '../en/trust';
import type { Translation } from '../types';

export const trust: Translation<typeof en> = {};
