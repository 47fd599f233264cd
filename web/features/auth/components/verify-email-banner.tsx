// The banner a signed-in member with an unconfirmed address sees on /account (issue 31): which address
// the link went to, and Resend for a new one (the server says when one cannot be sent yet).
import { useState } from 'react';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { clientErrorReason } from '../../../lib/http';
import { resendVerification } from '../api';
import { useAuth } from '../auth-context';

export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | 'sending' | null>(null);
  if (user?.emailVerified !== false) return null;

  const resend = async () => {
    setState('sending');
    try {
      const { message } = await resendVerification();
      setState({ tone: 'success', text: message });
    } catch (error) {
      setState({ tone: 'error', text: clientErrorReason(error) ?? MSG.verification.resendFailed });
    }
  };

  return (
    <div className="mb-6 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
        <p className="min-w-0 flex-1 break-words">{MSG.verification.banner(user.email)}</p>
        <Button variant="secondary" onClick={resend} disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending...' : MSG.verification.resend}
        </Button>
      </div>
      {state && state !== 'sending' ? <Alert tone={state.tone}>{state.text}</Alert> : null}
    </div>
  );
}
