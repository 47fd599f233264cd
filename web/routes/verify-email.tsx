// Confirm an email address (issue 31), opened from the link in the mail: /verify-email?token=... The
// link is sent once when the screen opens; a signed-in reader's state says the address is confirmed.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../shared/messages';
import { Alert } from '../components/ui/alert';
import { Card } from '../components/ui/card';
import { Page } from '../components/ui/page';
import { confirmEmail, useAuth } from '../features/auth';
import { clientErrorReason } from '../lib/http';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, updateUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? null : { tone: 'error', text: MSG.recovery.noLink },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true; // once, though StrictMode runs effects twice
    confirmEmail(token).then(
      () => setOutcome({ tone: 'success', text: MSG.verification.confirmed }),
      (error: unknown) =>
        setOutcome({ tone: 'error', text: clientErrorReason(error) ?? MSG.verification.resendFailed }),
    );
  }, [token]);

  useEffect(() => {
    if (outcome?.tone === 'success' && user && !user.emailVerified)
      updateUser({ ...user, emailVerified: true });
  }, [outcome, user, updateUser]);

  return (
    <Page title={MSG.verification.title}>
      <Card>
        <div className="space-y-4">
          {outcome ? (
            <Alert tone={outcome.tone}>{outcome.text}</Alert>
          ) : (
            <p role="status">{MSG.verification.confirming}</p>
          )}
          {outcome ? (
            <Link
              to={user ? '/account' : '/login'}
              className="block text-center font-medium text-brand-800 underline"
            >
              {user ? 'Go to your account' : 'Sign in'}
            </Link>
          ) : null}
        </div>
      </Card>
    </Page>
  );
}
