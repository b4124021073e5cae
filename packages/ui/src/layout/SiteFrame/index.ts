export { SiteFrame, MAIN_CONTENT_ID, type SiteFrameProps } from './SiteFrame';
