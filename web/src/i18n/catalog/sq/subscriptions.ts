import type { subscriptions as en } from '../en/subscriptions';
import type { Translation } from '../types';

export const subscriptions: Translation<typeof en> = {};
