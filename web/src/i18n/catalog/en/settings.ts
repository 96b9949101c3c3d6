/** Texts of the settings screens (English: the spec's texts). Keys start with 'settings.'. */
export const settings = {} as const;
