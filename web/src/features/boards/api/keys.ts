/** The query keys of boards: the caller's boards, one board, the ideas on one. */
export const boardKeys = {
  all: ['boards'] as const,
  mine: () => ['boards', 'mine'] as const,
  one: (id: string) => ['boards', 'one', id] as const,
  ideas: (id: string) => ['boards', 'ideas', id] as const,
};
