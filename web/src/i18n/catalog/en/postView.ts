/** Texts of the postView screens (English: the spec's texts). Keys start with 'postView.'. */
export const postView = {} as const;
