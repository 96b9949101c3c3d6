import type { profiles as en } from '../en/profiles';
import type { Translation } from '../types';

export const profiles: Translation<typeof en> = {};
