export { renderWithProviders, type RenderWithProvidersOptions } from './renderWithProviders';
