/** Texts of the chat screens (English: the spec's texts). Keys start with 'chat.'. */
export const chat = {} as const;
