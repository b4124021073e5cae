export { ImpactPage, type ImpactPageProps } from './ImpactPage';
export { ImpactPageFromApi } from './ImpactPageFromApi';
export { ImpactPageWithPlaceholders } from './ImpactPageWithPlaceholders';
