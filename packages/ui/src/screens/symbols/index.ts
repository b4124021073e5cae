export { SymbolsPage } from './SymbolsPage';
