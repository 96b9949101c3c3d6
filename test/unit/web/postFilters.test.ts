import { describe, expect, it } from 'vitest';
import {
  filtersFromQuery,
  queryFromSearchParams,
  toFilterQuery,
  toSearchString,
} from '../../../web/src/entities/posts/filters';

describe('post filters <-> /filtered-posts query string', () => {
  it('writes categories and towns as comma lists and budget ranges as one inclusive span', () => {
    const search = toSearchString({
      categories: ['c1', 'c2'],
      locations: ['Tirana', 'Durrës'],
      budgets: ['100-200', '500-1000'],
    });
    const params = new URLSearchParams(search);
    expect(params.get('categories')).toBe('c1,c2');
    expect(params.get('locations')).toBe('Tirana,Durrës');
    expect(params.get('minBudget')).toBe('100');
    expect(params.get('maxBudget')).toBe('1000');
  });

  it('leaves out the maximum when 5000+ is chosen', () => {
    expect(toFilterQuery({ categories: [], locations: [], budgets: ['1000-5000', '5000+'] })).toEqual({
      minBudget: 1000,
    });
  });

  it('writes nothing for empty filters', () => {
    expect(toSearchString({ categories: [], locations: [], budgets: [] })).toBe('');
  });

  it('reads the query string back, ignoring blanks and non-numbers', () => {
    const q = queryFromSearchParams(new URLSearchParams('categories=a,,b&locations=Vlorë&minBudget=200&maxBudget=x'));
    expect(q).toEqual({ categories: ['a', 'b'], locations: ['Vlorë'], minBudget: 200 });
  });

  it('restores the budget ranges that lie inside the span', () => {
    expect(filtersFromQuery({ minBudget: 100, maxBudget: 500 }).budgets).toEqual(['100-200', '200-500']);
    expect(filtersFromQuery({ minBudget: 1000 }).budgets).toEqual(['1000-5000', '5000+']);
    expect(filtersFromQuery({}).budgets).toEqual([]);
  });
});
