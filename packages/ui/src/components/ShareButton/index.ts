export { ShareButton, COPIED_NOTICE_MS, COPY_FAILED_MESSAGE, type ShareButtonProps } from './ShareButton';
export { useShare, pageUrl, type ShareContent, type ShareOutcome } from './useShare';
