export { RippleEffectsTab, type RippleEffectsTabProps } from './RippleEffectsTab';
