/** Query keys of a business's payment transactions: buying an ad or a plan adds one. */
export const transactionKeys = {
  all: ['transactions'] as const,
  byBusiness: (cognitoSub: string) => ['transactions', cognitoSub] as const,
};
