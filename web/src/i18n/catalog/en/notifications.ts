/** Texts of the notifications screens (English: the spec's texts). Keys start with 'notifications.'. */
export const notifications = {} as const;
