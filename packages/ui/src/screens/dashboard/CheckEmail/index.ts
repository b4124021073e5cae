export { CheckEmail, type CheckEmailProps } from './CheckEmail';
