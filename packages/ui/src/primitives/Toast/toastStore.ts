/**
 * The toast queue (docs/product/screens.md#toasts-and-tooltips: one at a time; a dismissed toast is removed after
 * 1,000,000 ms, long after its exit animation). A tiny external store so any component,
 * and code outside React, can raise a toast.
 */
import { useSyncExternalStore, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

/**
 * A button in the toast, e.g. 'Undo'. The toast may close before someone using a screen reader
 * reaches it, so `altText` names another way to do the same (Radix reads it out instead).
 */
export interface ToastAction {
  label: string;
  altText: string;
  onClick: () => void;
}

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  variant: ToastVariant;
  open: boolean;
}

export type ToastInput = Omit<ToastData, 'id' | 'open' | 'variant'> & { variant?: ToastVariant };

type Listener = () => void;

export function createToastStore() {
  let toasts: ToastData[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = (next: ToastData[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  const remove = (id: string) => {
    removalTimers.delete(id);
    emit(toasts.filter((t) => t.id !== id));
  };

  const dismiss = (id?: string) => {
    const ids = id ? [id] : toasts.map((t) => t.id);
    for (const toastId of ids) {
      if (!removalTimers.has(toastId))
        removalTimers.set(
          toastId,
          setTimeout(() => remove(toastId), TOAST_REMOVE_DELAY),
        );
    }
    emit(toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)));
  };

  const show = (input: ToastInput): string => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    const toast: ToastData = { ...input, variant: input.variant ?? 'default', id, open: true };
    emit([toast, ...toasts].slice(0, TOAST_LIMIT));
    return id;
  };

  return {
    show,
    dismiss,
    getSnapshot: () => toasts,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Tests and stories start from an empty queue. */
    reset: () => {
      removalTimers.forEach((timer) => clearTimeout(timer));
      removalTimers.clear();
      emit([]);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app-wide store. */
export const toastStore = createToastStore();

export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return { toasts, toast: toastStore.show, dismiss: toastStore.dismiss };
}

export const toast = toastStore.show;
