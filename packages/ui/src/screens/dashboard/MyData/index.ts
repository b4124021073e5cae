export { MyData, type MyDataProps } from './MyData';
export { DeleteAccountDialog, type DeleteAccountDialogProps } from './DeleteAccountDialog';
