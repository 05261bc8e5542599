import { useContext } from 'react';
import { ToastContext, type ToastInput } from './toast-context';

/** `toast({message, tone, action})` shows a toast; needs a ToastProvider above. */
export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a <ToastProvider> above it');
  return show;
}
