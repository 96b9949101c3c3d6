/** Texts of the ads screens (English: the spec's texts). Keys start with 'ads.'. */
export const ads = {} as const;
