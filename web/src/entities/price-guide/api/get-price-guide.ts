/** GET /price-guide?service=&town=: the price guide's figure for a service in a town (no sign-in needed). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRICE_GUIDE_MAX_AGE_SECONDS, type PriceGuideAnswer } from '../../../../../common/priceGuide';
import { api } from '../../../lib/api';

export const priceGuideKeys = {
  all: ['priceGuide'] as const,
  figure: (service: string, town: string) => ['priceGuide', service, town] as const,
};

export const getPriceGuide = (service: string, town: string) =>
  api.get<PriceGuideAnswer>(
    `/price-guide?service=${encodeURIComponent(service)}${town ? `&town=${encodeURIComponent(town)}` : ''}`,
  );

export const priceGuideQueryOptions = (service: string, town: string) =>
  queryOptions({
    queryKey: priceGuideKeys.figure(service, town),
    queryFn: () => getPriceGuide(service, town),
    // The answer may be kept as long as the API lets a cache keep it.
    staleTime: PRICE_GUIDE_MAX_AGE_SECONDS * 1000,
  });

/** The figure for `service` in `town`; nothing is asked until both are chosen. */
export const usePriceGuide = (service: string | undefined, town: string | undefined) =>
  useQuery({ ...priceGuideQueryOptions(service ?? '', town ?? ''), enabled: !!service && !!town });
