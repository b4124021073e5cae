export { CountField, type CountFieldProps } from './CountField';
export { toCount } from './toCount';
