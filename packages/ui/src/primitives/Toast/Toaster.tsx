/**
 * Where toasts show, mounted once by the app's providers. Nothing until the first toast is raised:
 * then the Radix region (ToastRegion, its own chunk) loads and stays mounted, so no visitor
 * downloads the toast code before something has something to say.
 */
import { lazy, Suspense, useState } from 'react';
import { useToast } from './toastStore';

const ToastRegion = lazy(async () => ({ default: (await import('./ToastRegion')).ToastRegion }));

export function Toaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  // Set while rendering (React's pattern for state derived from a change): once wanted, always.
  if (toasts.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
