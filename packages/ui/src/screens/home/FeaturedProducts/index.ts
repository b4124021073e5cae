export { FeaturedProducts, FeaturedProductsIsland } from './FeaturedProducts';
