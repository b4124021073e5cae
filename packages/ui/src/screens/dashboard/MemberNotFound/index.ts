export { MemberNotFound, type MemberNotFoundProps } from './MemberNotFound';
