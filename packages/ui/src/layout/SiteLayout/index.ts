export { SiteLayout, type SiteLayoutProps } from './SiteLayout';
export { MAIN_CONTENT_ID } from '../SiteFrame';
