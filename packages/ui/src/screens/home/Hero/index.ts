export { Hero, HERO_TIMINGS } from './Hero';
