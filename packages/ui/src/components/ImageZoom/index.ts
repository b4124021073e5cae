export { ImageZoom, type ImageZoomProps } from './ImageZoom';
