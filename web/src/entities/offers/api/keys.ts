/** Query keys of offers and finished jobs. */
export const offerKeys = {
  all: ['offers'] as const,
  byPost: (postId: string) => ['offers', 'post', postId] as const,
  byBusiness: (businessId: string) => ['offers', 'business', businessId] as const,
};

export const finishedJobKeys = {
  all: ['finishedJobs'] as const,
  byBusiness: (businessId: string) => ['finishedJobs', 'business', businessId] as const,
};
