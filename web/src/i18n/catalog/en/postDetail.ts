/** Texts of the postDetail screens (English: the spec's texts). Keys start with 'postDetail.'. */
export const postDetail = {} as const;
