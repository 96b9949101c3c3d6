/** Every item of a cursor-paged list (bounded: at most `maxPages` pages of 100): the chat's rooms and post counts. */
import { api, toQuery } from '../../../lib/api';

export async function fetchAllPages<T>(path: string, maxPages = 10): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  const sep = path.includes('?') ? '&' : '?';
  for (let i = 0; i < maxPages; i++) {
    const page = await api.page<T>(`${path}${sep}${toQuery({ limit: 100, cursor }).slice(1)}`);
    out.push(...(page.items ?? []));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}
