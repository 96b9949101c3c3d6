/** Query keys of ads: everything under ['ads'] is about ads. */
export const adKeys = {
  all: ['ads'] as const,
  list: (limit: number) => ['ads', 'list', limit] as const,
  byBusiness: (businessId: string) => ['ads', 'business', businessId] as const,
  run: (adId: string) => ['ads', 'run', adId] as const,
};
