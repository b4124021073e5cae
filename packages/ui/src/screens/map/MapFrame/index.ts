export { MapBox, MapLoading } from './MapFrame';
