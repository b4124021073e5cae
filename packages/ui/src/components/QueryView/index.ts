export { QueryView, type QueryViewProps } from './QueryView';
