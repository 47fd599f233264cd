// Choose a new password (issue 31), opened from the link in the reset mail: /reset-password?token=...
// Once saved, every session of the account has ended, so the screen leads to sign-in, which says the
// password was changed.
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '../../shared/messages';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Form } from '../components/ui/form';
import { Page } from '../components/ui/page';
import { type Checked, useForm } from '../components/ui/use-form';
import { confirmPasswordReset } from '../features/auth';
import { NewPasswordFields, newPasswordErrors } from '../features/users';
import { ApiError, clientErrorReason } from '../lib/http';

type Values = { newPassword: string; confirmPassword: string };

const check = ({ newPassword, confirmPassword }: Values): Checked<string, { newPassword: string }> => {
  const errors = newPasswordErrors(newPassword, confirmPassword);
  return errors.newPassword || errors.confirmPassword ? { errors } : { data: { newPassword } };
};

const AskAgain = () => (
  <Link to="/forgot-password" className="block text-center font-medium text-brand-800 underline">
    {MSG.recovery.askAgain}
  </Link>
);

export default function ResetPassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({ initial: { newPassword: '', confirmPassword: '' }, validate: check });

  const onSubmit = async ({ newPassword }: { newPassword: string }) => {
    try {
      await confirmPasswordReset(token, newPassword);
      navigate('/login', { replace: true, state: { notice: MSG.recovery.done } });
    } catch (error) {
      if (error instanceof ApiError && error.errors?.newPassword) form.showServerErrors(error);
      else form.setFormError(clientErrorReason(error) ?? MSG.login.unavailable);
    }
  };

  return (
    <Page title={MSG.recovery.resetTitle}>
      <Card>
        {token ? (
          <Form form={form} onSubmit={onSubmit} className="space-y-4">
            {form.formError ? (
              <div className="space-y-3">
                <Alert tone="error">{form.formError}</Alert>
                {form.formError === MSG.recovery.badLink ? <AskAgain /> : null}
              </div>
            ) : null}
            <NewPasswordFields field={form.field} />
            <Button type="submit" className="w-full" disabled={form.submitting}>
              {form.submitting ? 'Saving...' : MSG.recovery.save}
            </Button>
          </Form>
        ) : (
          <div className="space-y-4">
            <Alert tone="error">{MSG.recovery.noLink}</Alert>
            <AskAgain />
          </div>
        )}
      </Card>
    </Page>
  );
}
