export { StoriesPage } from './StoriesPage';
