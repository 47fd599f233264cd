// Forgot password (issue 31): the address of the account, and the same answer whether or not one has
// it (the server's), so the screen tells nobody which addresses are registered.
import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../shared/messages';
import { EMAIL_PATTERN } from '../../shared/patterns';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Form } from '../components/ui/form';
import { Page } from '../components/ui/page';
import { type Checked, useForm } from '../components/ui/use-form';
import { requestPasswordReset } from '../features/auth';
import { clientErrorReason } from '../lib/http';

const check = ({ email }: { email: string }): Checked<string, { email: string }> =>
  EMAIL_PATTERN.test(email.trim())
    ? { data: { email: email.trim() } }
    : { errors: { email: MSG.login.invalidEmail } };

export default function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const form = useForm({ initial: { email: '' }, validate: check });

  const onSubmit = async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      // 429: too many requests for this address, and when to try again; a network failure: say so.
      form.setFormError(clientErrorReason(error) ?? MSG.login.unavailable);
    }
  };

  return (
    <Page title={MSG.recovery.requestTitle}>
      <Card>
        {sent ? (
          <div className="space-y-4">
            <Alert tone="success">{MSG.recovery.requested}</Alert>
            <Link to="/login" className="block text-center font-medium text-brand-800 underline">
              Back to sign in
            </Link>
          </div>
        ) : (
          <Form form={form} onSubmit={onSubmit} className="space-y-4">
            <p className="text-slate-700">{MSG.recovery.requestIntro}</p>
            {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
            <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
            <Button type="submit" className="w-full" disabled={form.submitting}>
              {form.submitting ? 'Sending...' : MSG.recovery.send}
            </Button>
            <Link to="/login" className="block text-center text-sm font-medium text-brand-800 underline">
              Back to sign in
            </Link>
          </Form>
        )}
      </Card>
    </Page>
  );
}
