export { ShareStoryCard, STORY_STATUS_TEXT, type ShareStoryCardProps } from './ShareStoryCard';
export {
  ShareStoryDialog,
  STORY_SENT_MESSAGE,
  STORY_FAILED_MESSAGE,
  type ShareStoryDialogProps,
} from './ShareStoryDialog';
export { RatingField, ratingLabel, type RatingFieldProps } from './RatingField';
