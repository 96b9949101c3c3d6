/** Texts of the landing screens (English: the spec's texts). Keys start with 'landing.'. */
export const landing = {} as const;
