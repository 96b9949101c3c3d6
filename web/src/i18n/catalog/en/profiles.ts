/** Texts of the profiles screens (English: the spec's texts). Keys start with 'profiles.'. */
export const profiles = {} as const;
