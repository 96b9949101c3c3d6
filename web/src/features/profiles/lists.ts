/**
 * Small data helpers shared by the profile, post and settings screens: reading every page of a
 * paged list, and display formats.
 */
import { api, toQuery } from '../../lib/api';

/** Every item of a cursor-paged list (bounded: at most `maxPages` pages of 100). */
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

export const newestFirst = <T extends { createdAt?: string }>(a: T, b: T) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

/** "$1,200" / "€1,200"; '-' when there is no budget. */
export function money(amount: number | string | undefined | null, currency: '$' | '€', decimals = 0): string {
  if (amount === undefined || amount === null || amount === '') return '-';
  const n = Number(amount);
  if (!Number.isFinite(n)) return '-';
  const text = n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return currency === '$' ? `$${text}` : `€${text}`;
}

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Profile carousels scroll by this many pixels per button press. */
export const PROFILE_SCROLL_STEP = 332;
