/**
 * The post filters: what the user picks (categories, towns, budget ranges) and the query string of
 * /filtered-posts and GET /post/filtred (categories=a,b&locations=x,y&minBudget=n&maxBudget=n).
 * Several budget ranges become one span from the lowest minimum to the highest maximum (no maximum
 * when 5000+ is among them).
 */
import { useCallback } from 'react';
import { BUDGET_RANGES } from '../../../../common/constants';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';

export interface PostFilters {
  categories: string[];
  locations: string[];
  /** labels of BUDGET_RANGES */
  budgets: string[];
}

export interface FilterQuery {
  categories?: string[];
  locations?: string[];
  minBudget?: number;
  maxBudget?: number;
}

export const EMPTY_FILTERS: PostFilters = { categories: [], locations: [], budgets: [] };

/** A budget range's name in the stage's currency and the chosen language ("€200-€500", "€5,000+"). */
export function useBudgetLabel(): (label: string) => string {
  const t = useT();
  const { money } = useFormat();
  return useCallback(
    (label: string) => {
      const range = BUDGET_RANGES.find((r) => r.label === label);
      if (!range) return label;
      return range.max === null
        ? t('posts.filter.budgetFrom', { min: money(range.min) })
        : t('posts.filter.budgetRange', { min: money(range.min), max: money(range.max) });
    },
    [t, money],
  );
}

export function toFilterQuery(f: PostFilters): FilterQuery {
  const ranges = BUDGET_RANGES.filter((r) => f.budgets.includes(r.label));
  const q: FilterQuery = {};
  if (f.categories.length) q.categories = f.categories;
  if (f.locations.length) q.locations = f.locations;
  if (ranges.length) {
    q.minBudget = Math.min(...ranges.map((r) => r.min));
    if (!ranges.some((r) => r.max === null)) q.maxBudget = Math.max(...ranges.map((r) => r.max ?? 0));
  }
  return q;
}

export function toSearchString(f: PostFilters): string {
  const q = toFilterQuery(f);
  const params = new URLSearchParams();
  if (q.categories) params.set('categories', q.categories.join(','));
  if (q.locations) params.set('locations', q.locations.join(','));
  if (q.minBudget !== undefined) params.set('minBudget', String(q.minBudget));
  if (q.maxBudget !== undefined) params.set('maxBudget', String(q.maxBudget));
  const s = params.toString();
  return s ? `?${s}` : '';
}

const list = (v: string | null) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const num = (v: string | null) => (v !== null && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : undefined);

/** The filter query written in a URL's search params. */
export function queryFromSearchParams(params: URLSearchParams): FilterQuery {
  const q: FilterQuery = {};
  const categories = list(params.get('categories'));
  const locations = list(params.get('locations'));
  if (categories.length) q.categories = categories;
  if (locations.length) q.locations = locations;
  const min = num(params.get('minBudget'));
  const max = num(params.get('maxBudget'));
  if (min !== undefined) q.minBudget = min;
  if (max !== undefined) q.maxBudget = max;
  return q;
}

/** Back from a query to the picker's state: the budget ranges that lie within [min, max]. */
export function filtersFromQuery(q: FilterQuery): PostFilters {
  const min = q.minBudget;
  const max = q.maxBudget;
  const budgets =
    min === undefined && max === undefined
      ? []
      : BUDGET_RANGES.filter((r) => r.min >= (min ?? 0) && (max === undefined || (r.max !== null && r.max <= max))).map(
          (r) => r.label,
        );
  return { categories: q.categories ?? [], locations: q.locations ?? [], budgets };
}

/** The picker's state written in a URL's search params. */
export const filtersFromSearchParams = (params: URLSearchParams): PostFilters =>
  filtersFromQuery(queryFromSearchParams(params));
