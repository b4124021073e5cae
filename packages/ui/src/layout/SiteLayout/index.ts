export { SiteLayout, MAIN_CONTENT_ID } from './SiteLayout';
