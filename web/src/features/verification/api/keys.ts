/** Query keys of verified businesses: the business's own verification and the moderators' pending queue. */
export const verificationKeys = {
  all: ['verification'] as const,
  mine: () => ['verification', 'mine'] as const,
  queue: () => ['verification', 'queue'] as const,
};
