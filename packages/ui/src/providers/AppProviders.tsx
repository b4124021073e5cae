/** Everything a screen needs around it except the router, which the app and stories choose. */
import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { Toaster } from '../primitives/Toast';
import { GlobalStyle, theme } from '../theme';
import { createQueryClient } from './queryClient';

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
        {/* Radix defaults, which are the documented tooltip figures (700 ms, skip 300 ms; docs/product/screens.md#toasts-and-tooltips). */}
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
          <Toaster />
        </Tooltip.Provider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
