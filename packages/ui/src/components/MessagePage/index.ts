export { MessagePage, type MessagePageProps } from './MessagePage';
