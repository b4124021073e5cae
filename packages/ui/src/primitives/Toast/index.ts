export { Toaster } from './Toaster';
export { toast, toastStore, useToast, createToastStore, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toastStore';
export type { ToastAction, ToastData, ToastInput, ToastVariant } from './toastStore';
