import type { postView as en } from '../en/postView';
import type { Translation } from '../types';

export const postView: Translation<typeof en> = {};
