export { EmailEntry, type EmailEntryProps } from './EmailEntry';
export { CenteredScreen, EntryForm, Notice, ScreenCard, ScreenIcon, ScreenActions } from './EmailEntry.styles';
