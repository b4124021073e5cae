export { AboutSection } from './AboutSection';
