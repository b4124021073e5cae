export { StatusToggle } from './StatusToggle';
