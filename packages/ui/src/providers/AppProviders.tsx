/**
 * Everything a screen needs around it except the router, which the app and stories choose. No
 * Radix tooltip provider: no screen shows a Radix tooltip (the map's state tooltip is its own), and
 * the provider alone put the tooltip and positioning code in every page's first download.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { Toaster } from '../primitives/Toast';
import { GlobalStyle, theme } from '../theme';
import { createQueryClient } from './queryClient';
import { presetZodJitless } from './zodJitless';

// As the entry loads, before any page's chunk can build a zod schema (zodJitless.ts).
presetZodJitless();

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
