import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from '../lib/i18n';
import { Icon } from './Icon';
import { type Toast, ToastContext, type ToastInput } from './toast-context';
import './Toast.css';

const lifetimeMs = { success: 5000, info: 5000, error: 8000 } as const;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const intl = useIntl();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), lifetimeMs[toast.tone] + (toast.action ? 3000 : 0));
    return () => clearTimeout(timer);
  }, [paused, toast, onDismiss]);
  const icon = toast.tone === 'error' ? 'alert' : toast.tone === 'success' ? 'circleCheck' : 'info';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer (so a toast doesn't vanish while someone reads or reaches it); Escape on its buttons dismisses it.
    <div
      className={`toast toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        // Escape on a toast's buttons dismisses it.
        if (event.key === 'Escape') onDismiss(toast.id);
      }}
    >
      <Icon name={icon} size={18} className="toast-icon" />
      <span className="toast-message">{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            toast.action?.onClick();
            onDismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button
        type="button"
        className="toast-close"
        aria-label={intl.formatMessage({ id: 'components.toast.dismiss' })}
        onClick={() => onDismiss(toast.id)}
      >
        <Icon name="x" size={14} />
      </button>
    </div>
  );
}

/** Holds the toasts and renders them bottom-right (bottom, full width, on phones). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => {
    const toast: Toast = { ...input, tone: input.tone ?? 'info', id: nextId.current++ };
    // The same message twice (a screen and the shared failure layer both reporting one failure)
    // shows once, keeping whichever offered an action (Retry).
    setToasts((current) => {
      const twin = current.find((t) => t.message === toast.message && t.tone === toast.tone);
      const merged = twin ? { ...toast, action: toast.action ?? twin.action } : toast;
      return [...current.filter((t) => t !== twin).slice(-3), merged];
    });
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const errors = toasts.filter((t) => t.tone === 'error');
  const others = toasts.filter((t) => t.tone !== 'error');
  return (
    <ToastContext.Provider value={show}>
      {children}
      <section className="toasts" aria-label={intl.formatMessage({ id: 'components.toast.region' })}>
        {/* Errors interrupt (each is an alert); the rest wait their turn in a polite status region. */}
        <div className="toast-list">
          {errors.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
        <div role="status" className="toast-list">
          {others.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}
