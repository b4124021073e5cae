export { UpdateMapDialog, type UpdateMapDialogProps } from './UpdateMapDialog';
export { useUndoMapUpdate } from './useUndoMapUpdate';
export { describeMapUpdate } from './mapUpdateText';
