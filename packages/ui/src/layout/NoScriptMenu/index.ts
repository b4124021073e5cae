export { NoScriptMenu, type NoScriptMenuProps } from './NoScriptMenu';
