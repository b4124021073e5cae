export { EmailEntry, type EmailEntryProps } from './EmailEntry';
export { CenteredScreen, ScreenCard, ScreenIcon, ScreenActions } from './EmailEntry.styles';
