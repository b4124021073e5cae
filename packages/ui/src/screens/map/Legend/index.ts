export { Legend } from './Legend';
