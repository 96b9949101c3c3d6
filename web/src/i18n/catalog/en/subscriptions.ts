/** Texts of the subscriptions screens (English: the spec's texts). Keys start with 'subscriptions.'. */
export const subscriptions = {} as const;
