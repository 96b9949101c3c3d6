/** Every item read so far of a cursor-paged list (useInfiniteQuery data). */
import type { InfiniteData } from '@tanstack/react-query';
import type { ApiPage } from './api';

export const allItems = <T>(data: InfiniteData<ApiPage<T[]>> | undefined): T[] =>
  data?.pages.flatMap((p) => p.items) ?? [];

export const newestFirst = <T extends { createdAt?: string }>(a: T, b: T) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '');
