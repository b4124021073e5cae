export { StateTooltip, type StateTooltipProps } from './StateTooltip';
