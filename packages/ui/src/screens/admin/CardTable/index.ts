export { CardTable } from './CardTable';
