export { ReflectionTab, type ReflectionTabProps } from './ReflectionTab';
