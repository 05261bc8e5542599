import { createContext } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
  /** A reversible action offers Undo (or another one-click follow-up). */
  action?: { label: string; onClick: () => void };
}

export interface Toast extends ToastInput {
  id: number;
  tone: ToastTone;
}

export const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);
