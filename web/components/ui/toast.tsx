// A notification that dismisses itself after TIMINGS.notificationMs (spec §9: 5 s).
import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../shared/catalog';

export interface ToastMessage {
  text: string;
  tone: 'success' | 'error';
}

export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TIMINGS.notificationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  return { toast, show: (text: string, tone: ToastMessage['tone'] = 'success') => setToast({ text, tone }) };
}

export function Toast({ toast }: { toast: ToastMessage | null }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {toast ? (
        <div
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${
            toast.tone === 'error' ? 'bg-red-700' : 'bg-slate-900'
          }`}
        >
          {toast.text}
        </div>
      ) : null}
    </div>
  );
}
