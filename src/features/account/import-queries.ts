import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ImportJob } from '../../api/import-schemas';
import { accountKeys, ruminationKeys } from '../../lib/query-keys';
import { fetchImport, startImport } from './import-api';

/**
 * A journal import's job (GET /api/account/import/{id}), under the account's prefix. Built here
 * rather than in query-keys.ts, which sits in the first visit's bundle: only Settings' lazy import
 * section asks for it.
 */
const importJobKey = (id: number) => [...accountKeys.all, 'import', id] as const;

/** How often a running import is asked how it goes. */
export const IMPORT_POLL_MS = 1000;

/** The job, asked again every IMPORT_POLL_MS while it runs; never kept past the page. */
export function importJobQuery(id: number) {
  return queryOptions({
    queryKey: importJobKey(id),
    queryFn: () => fetchImport(id),
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data.state === 'running'
        ? IMPORT_POLL_MS
        : false,
    gcTime: 0,
  });
}

export function useStartImport() {
  return useMutation({ mutationFn: (file: File) => startImport(file) });
}

/**
 * The job of `id` (undefined: none yet). Once it ends, My Ruminations' lists hold new drafts: every
 * rumination query is invalidated, once.
 */
export function useImportJob(id: number | undefined) {
  const queryClient = useQueryClient();
  const job = useQuery({ ...importJobQuery(id ?? 0), enabled: id !== undefined });
  const ended: ImportJob['state'] | undefined =
    job.data !== undefined && job.data.state !== 'running' ? job.data.state : undefined;
  useEffect(() => {
    if (ended !== undefined) void queryClient.invalidateQueries({ queryKey: ruminationKeys.all });
  }, [ended, queryClient]);
  return job;
}
