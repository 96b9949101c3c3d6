import type { chat as en } from '../en/chat';
import type { Translation } from '../types';

export const chat: Translation<typeof en> = {};
