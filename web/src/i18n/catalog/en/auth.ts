/** Texts of the auth screens (English: the spec's texts). Keys start with 'auth.'. */
export const auth = {} as const;
