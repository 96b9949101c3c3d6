import type { landing as en } from '../en/landing';
import type { Translation } from '../types';

export const landing: Translation<typeof en> = {};
