/** Texts of the posts screens (English: the spec's texts). Keys start with 'posts.'. */
export const posts = {} as const;
