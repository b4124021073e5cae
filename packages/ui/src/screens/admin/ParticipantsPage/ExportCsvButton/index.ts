export { ExportCsvButton } from './ExportCsvButton';
