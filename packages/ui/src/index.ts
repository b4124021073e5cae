export * from './theme';
export * from './providers';
export * from './primitives';
export * from './api';
export * from './config';
export * from './head';
/** For stories and tests: every case starts without kept form drafts. */
export { draftStore } from './hooks/useDraft';
