/** Texts of the trust screens (English: the spec's texts). Keys start with 'trust.'. */
export const trust = {} as const;
