/** Requests' filters and their fields, shared by the lists and the dashboards (the requests' data hooks are in ./api). */
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
