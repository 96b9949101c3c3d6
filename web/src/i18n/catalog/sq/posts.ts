import type { posts as en } from '../en/posts';
import type { Translation } from '../types';

export const posts: Translation<typeof en> = {};
