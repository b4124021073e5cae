export { AppProviders, type AppProvidersProps } from './AppProviders';
export { createQueryClient } from './queryClient';
