/** The posts feature's screens' building blocks other features use (its data hooks are in ./api). */
export {
  budgetLabel,
  EMPTY_FILTERS,
  filtersFromSearchParams,
  toFilterQuery,
  toSearchString,
  type FilterQuery,
  type PostFilters,
} from './filters';
export { FilterFields } from './FilterFields';
