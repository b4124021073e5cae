export { MethodPage } from './MethodPage';
