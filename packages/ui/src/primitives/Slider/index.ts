export * from './Slider';
