/** The posts feature's screens' building blocks other features use (its data hooks are in ./api). */
export {
  EMPTY_FILTERS,
  filtersFromSearchParams,
  toFilterQuery,
  toSearchString,
  type FilterQuery,
  type PostFilters,
  useBudgetLabel,
} from './filters';
export { FilterFields } from './FilterFields';
