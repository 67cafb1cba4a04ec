import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_RETRIES = 2;

/** A client error will not change by asking again; network trouble and 5xx might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof Error && !(error instanceof ApiError)) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Offline use: try once (the connection may be better than the browser thinks), then
        // wait for the network instead of failing; what is cached stays on screen meanwhile.
        networkMode: 'offlineFirst',
        // Kept as long as the persisted copy may be (features/offline), so it survives reloads.
        gcTime: 7 * 24 * 60 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
