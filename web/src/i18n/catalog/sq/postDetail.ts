import type { postDetail as en } from '../en/postDetail';
import type { Translation } from '../types';

export const postDetail: Translation<typeof en> = {};
