import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { subscribeToastsWanted, toastsWanted } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** Mounted with the first toast (see lib/toast): no toast code on a quiet page. */
function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
    </Suspense>
  );
}

/** `client`: the query client main.tsx already filled with the session; a new one otherwise. */
export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <LazyToaster />
    </QueryClientProvider>
  );
}
