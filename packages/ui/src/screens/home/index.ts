export { HomePage } from './HomePage';
export { VideoSection, type VideoSectionProps } from './VideoSection';
