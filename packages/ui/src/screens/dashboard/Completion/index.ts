export {
  CompletionScreen,
  CHOICES,
  CHOICE_FAILED_MESSAGE,
  DOWNLOAD_FAILED_MESSAGE,
  type CompletionScreenProps,
} from './CompletionScreen';
