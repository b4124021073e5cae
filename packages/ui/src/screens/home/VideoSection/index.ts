export { VideoSection, type VideoSectionProps } from './VideoSection';
