/** Texts of the dashboard screens (English: the spec's texts). Keys start with 'dashboard.'. */
export const dashboard = {} as const;
