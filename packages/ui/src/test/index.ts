export { renderWithProviders, type RenderWithProvidersOptions } from './renderWithProviders';
export { findModalDialog } from './modalDialog';
