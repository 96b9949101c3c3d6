/** Query keys of the chat: everything under ['chat'] belongs to the signed-in user's conversations. */
export const chatKeys = {
  all: ['chat'] as const,
  /** The realtime connection of one user (Firebase, opened once). */
  connection: (sub: string) => ['chat', 'connection', sub] as const,
  rooms: (sub: string) => ['chat', 'rooms', sub] as const,
  unread: () => ['chat', 'unread'] as const,
  /** Each room's latest message, as the realtime connection delivers it (roomId -> message). */
  latest: () => ['chat', 'latest'] as const,
  /** One room's messages as the realtime connection delivers them (id -> message). */
  messages: (roomId: string) => ['chat', 'messages', roomId] as const,
  clientPostCounts: (clientId: string) => ['chat', 'client-post-counts', clientId] as const,
};
