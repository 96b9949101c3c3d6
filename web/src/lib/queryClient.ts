/**
 * The app's one TanStack Query client. Answers stay fresh for 30 s (navigating back and forth does not
 * refetch); a caller's mistake (4xx) is not retried, a failure (network, 5xx) once.
 */
import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => !isClientError(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
