export { Hero } from './Hero';
export { HERO_TIMINGS, useHeroReveal } from './useHeroReveal';
