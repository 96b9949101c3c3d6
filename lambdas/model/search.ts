/**
 * Business search by name (pattern 3): names and queries are folded (lower case, accents removed,
 * so "Korçë" matches "korce") and split into word tokens. A business matches when its name contains
 * a run of consecutive tokens where every query word but the last equals the token and the last
 * query word is the start of its token: "casa" and "casa be" match "Casa Bella", "bella" matches
 * it too (start of any word), "asa" does not. The index holds one entry per distinct token of a
 * name; the Query uses the first query word (exact token when more words follow, else a prefix)
 * and the rest of the sequence is checked on the tokens stored with each entry.
 */

import type { PlanId } from '../../common/constants';
import { PLAN_IDS, planRules } from '../../common/plans';
import { MAX_NAME_TOKEN_BYTES, tokenize } from '../../common/search';
import { utf8Bytes } from '../../common/text';

export { fold, tokenize, MAX_NAME_TOKEN_BYTES } from '../../common/search';

/** Distinct name tokens indexed per business; more would not fit the profile's write transaction. */
export const MAX_NAME_TOKENS = 30;

/**
 * The distinct tokens to index for a business name, in order of first appearance. Names are checked
 * to have no word over MAX_NAME_TOKEN_BYTES (common/schemas/accounts.ts); one that did would be left
 * out of the index rather than fail the profile's write.
 */
export function indexTokens(name: string): string[] {
  return [...new Set(tokenize(name))].filter((t) => utf8Bytes(t) <= MAX_NAME_TOKEN_BYTES).slice(0, MAX_NAME_TOKENS);
}

export interface SearchPlan {
  /** Words of the folded query. */
  words: string[];
  /** GSI1 partition and sort-key prefix of the one Query. */
  partition: string;
  sortPrefix: string;
}

/**
 * The mark before a business's id in its token items' sort key (`{token}#{mark}{id}`): at equal standing (the same
 * matched word) a dearer plan comes first (common/plans.ts rankingTier). Ids are UUIDs, whose characters all sort
 * after `+` and `!`: Premium `!`, Standard `+`, Basic none (so a Basic business's key is what it always was).
 */
const SORT_MARKS = ['', '+', '!'];
export const planSortMark = (plan: PlanId | undefined) => SORT_MARKS[planRules(plan).rankingTier] ?? '';
/** Every mark a plan can give (the search reads the business id after it). */
export const PLAN_SORT_MARKS = [...new Set(PLAN_IDS.map(planSortMark))].filter(Boolean);

/** The GSI1 partition of a name token: its first character (a whole code point, never half a surrogate pair). */
export const nameTokenPartition = (token: string) => `BNAME#${String.fromCodePoint(token.codePointAt(0)!)}`;

/** How to query the token index for a query; undefined for a blank query (no search at all). */
export function planSearch(query: string): SearchPlan | undefined {
  const words = tokenize(query);
  if (!words.length) return undefined;
  const first = words[0];
  // With more words, the first must be a whole token: "{token}#" bounds it.
  return { words, partition: nameTokenPartition(first), sortPrefix: words.length > 1 ? `${first}#` : first };
}

/** Whether a name (as tokens) matches the query words as described above. */
export function matchesTokens(nameTokens: string[], words: string[]): boolean {
  if (!words.length) return false;
  const last = words.length - 1;
  for (let start = 0; start + words.length <= nameTokens.length; start++) {
    let ok = true;
    for (let i = 0; i < words.length && ok; i++) {
      const token = nameTokens[start + i];
      ok = i === last ? token.startsWith(words[i]) : token === words[i];
    }
    if (ok) return true;
  }
  return false;
}
