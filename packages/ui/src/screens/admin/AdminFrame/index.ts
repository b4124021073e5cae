export { AdminFrame, type AdminFrameProps } from './AdminFrame';
