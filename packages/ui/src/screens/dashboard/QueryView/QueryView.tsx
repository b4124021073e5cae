/**
 * The loading, error and empty states of one read, said the same way on every dashboard tab
 * (SPEC.md leaves what a user sees for read errors open; we say so and offer a retry).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatusMessage } from '../../../primitives';

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  loading: string;
  error: string;
  /** Shown instead of the children when `isEmpty(data)` is true. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({ query, loading, error, empty, isEmpty, children }: QueryViewProps<T>) {
  if (query.isPending) return <StatusMessage kind="loading">{loading}</StatusMessage>;
  if (query.isError) {
    return (
      <StatusMessage kind="error" onRetry={() => void query.refetch()}>
        {error}
      </StatusMessage>
    );
  }
  if (empty !== undefined && isEmpty?.(query.data)) return <StatusMessage kind="empty">{empty}</StatusMessage>;
  return <>{children(query.data)}</>;
}
