/** Query fields of every paged list: `?limit=&cursor=` (the next cursor comes in the x-next-cursor header). */
import { LIMITS } from '../constants';
import { numberField, userText } from './fields';

/** A page size of 1 to LIMITS.maxPageSize. */
export const limitField = () => numberField({ label: 'limit', int: true, min: 1, max: LIMITS.maxPageSize });

export const pageQuery = {
  limit: limitField().default(LIMITS.defaultPageSize),
  cursor: userText({ label: 'cursor', max: 4096 }).optional(),
};

/** Lists shown whole on one screen (offers of a post or of a business, a client's posts): pages default to the maximum. */
export const wholeListQuery = {
  ...pageQuery,
  limit: limitField().default(LIMITS.maxPageSize),
};
