/**
 * What a read shows while it loads, when it fails, when it comes back empty, and once it has data:
 * the one place that picks between them, so every screen says it the same way. A failed read says
 * so and offers a retry.
 *
 * Each state has a standard look (the StatusMessage spinner, alert with 'Try again', empty note)
 * given by a sentence; a screen whose loading or error looks different passes its own element.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { StatusMessage } from '../../primitives';

/** A sentence for the standard look, an element shown as it is, or null for nothing. */
type StateView = string | ReactElement | null;

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /**
   * Until the first answer: a sentence for the standard loading status, or an element shown instead
   * (e.g. placeholders in the shape of what is coming).
   */
  loading: Exclude<StateView, null>;
  /**
   * When the read failed: a sentence for the standard alert with its 'Try again', an element shown
   * instead, or null for a failure told elsewhere. A function decides from the error.
   */
  error: StateView | ((error: Error) => StateView);
  /** Shown (as the standard empty note) instead of the children when `isEmpty(data)` is true. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** A read that already has data keeps showing it when a later refresh fails. */
  keepDataOnRefetchError?: boolean;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({
  query,
  loading,
  error,
  empty,
  isEmpty,
  keepDataOnRefetchError = false,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) {
    return typeof loading === 'string' ? <StatusMessage kind="loading">{loading}</StatusMessage> : loading;
  }
  if (query.isLoadingError || (query.isRefetchError && !keepDataOnRefetchError)) {
    const view = typeof error === 'function' ? error(query.error) : error;
    return typeof view === 'string' ? (
      <StatusMessage kind="error" onRetry={() => void query.refetch()}>
        {view}
      </StatusMessage>
    ) : (
      view
    );
  }
  if (empty !== undefined && isEmpty?.(query.data)) return <StatusMessage kind="empty">{empty}</StatusMessage>;
  return <>{children(query.data)}</>;
}
