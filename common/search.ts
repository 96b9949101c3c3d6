/**
 * How business names and search queries are folded into words (lower case, accents removed, so
 * "Korçë" matches "korce"): shared by the search index (lambdas/model/search.ts) and the schemas
 * that bound the words in bytes (common/schemas/accounts.ts).
 */

/**
 * Longest folded word, in UTF-8 bytes, that a name may have: each word is stored in sort keys
 * (`NAMETOKEN#{word}`, `{word}#{businessId}`, at most 1024 bytes in DynamoDB).
 */
export const MAX_NAME_TOKEN_BYTES = 512;

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Word tokens of a folded text: runs of letters and digits ("d&d home-decor" -> d, d, home, decor). */
export function tokenize(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}
