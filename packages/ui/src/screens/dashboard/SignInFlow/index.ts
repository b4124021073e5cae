export { SignInFlow, type SignInFlowProps } from './SignInFlow';
