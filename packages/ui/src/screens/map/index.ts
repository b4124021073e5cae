/**
 * The Movement Map screen. Only the page is exported: the map drawing (d3-geo, topojson-client,
 * the shapes) is loaded lazily from inside it, so importing this module stays light.
 */
export { MapPage } from './MapPage';
