export { History, type HistoryProps } from './History';
export { ReflectionDayDialog, type ReflectionDayDialogProps } from './ReflectionDayDialog';
