export { MusicPage } from './MusicPage';
