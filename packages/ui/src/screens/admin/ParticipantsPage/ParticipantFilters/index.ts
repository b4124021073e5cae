export { ParticipantFilters, sortOptions } from './ParticipantFilters';
export { SEARCH_DEBOUNCE_MS } from './SearchField';
