export { StaticPageFrame } from './StaticPageFrame';
