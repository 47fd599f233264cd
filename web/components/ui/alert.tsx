import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-brand-600 bg-brand-50 text-brand-800',
  info: 'border-slate-300 bg-white text-slate-800',
} as const;

/** A message banner; errors are announced at once (role=alert), others politely (role=status). */
export function Alert({ tone = 'info', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}
