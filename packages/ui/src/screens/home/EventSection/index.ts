export { EventSection, EVENT_INTERVAL_MS } from './EventSection';
