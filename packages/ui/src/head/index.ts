export { headTags, headTagSelector, renderHeadTags, sitePageFor, type HeadTag } from './headTags';
export { headOrigin, syncHeadTags } from './syncHead';
export { RouteHead, useRouteHead } from './RouteHead';
