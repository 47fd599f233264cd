// Sign In (spec §2, §5, §8): field errors under the fields, a banner for a failed login, then /home, or
// back where the visitor came from when the link said so (?next=, a same-site path only: issue 16).
// Checked with the plain email pattern, not a zod schema: zod stays off this screen's first load.

import { Link, useLocation, useNavigate } from 'react-router';
import { MSG } from '../../shared/messages';
import { EMAIL_PATTERN } from '../../shared/patterns';
import type { LoginInput } from '../../shared/validation';
import { BrowseListingsLink } from '../app/browse-listings';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Form } from '../components/ui/form';
import { Page } from '../components/ui/page';
import { type Checked, useForm } from '../components/ui/use-form';
import { login, rememberAskedAction, useAuth, useReturnPath, userAfterLogin } from '../features/auth';
import { ApiError } from '../lib/http';
import { withReturnPath } from '../lib/return-path';

function check({ email, password }: LoginInput): Checked<string, LoginInput> {
  const errors = {
    email: EMAIL_PATTERN.test(email.trim()) ? undefined : MSG.login.invalidEmail,
    password: password ? undefined : MSG.login.passwordRequired,
  };
  return errors.email || errors.password ? { errors } : { data: { email: email.trim(), password } };
}

export default function SignIn() {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const returnPath = useReturnPath();
  // A screen that sends the reader here may say why (a new password was saved: issue 31).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const form = useForm({ initial: { email: '', password: '' }, validate: check });

  const onSubmit = async (input: LoginInput) => {
    try {
      const res = await login(input);
      if (res.message !== MSG.login.success) return form.setFormError(MSG.login.invalidCredentials);
      signIn(userAfterLogin(res));
      // What the visitor asked for on the way here (Save, Like) is done once back (issue 34).
      rememberAskedAction(returnPath);
      navigate(returnPath ?? '/home', { replace: returnPath !== null });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 401))
        form.setFormError(MSG.login.invalidCredentials);
      // 403: the account is suspended (MSG.moderation.suspended); 429: too many attempts, and when.
      else if (e instanceof ApiError && (e.status === 403 || e.status === 429)) form.setFormError(e.message);
      else form.setFormError(MSG.login.unavailable);
    }
  };

  return (
    <Page title="Sign In">
      <Card>
        <Form form={form} onSubmit={onSubmit} className="space-y-4">
          {notice && !form.formError ? <Alert tone="success">{notice}</Alert> : null}
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.field('password')}
            required
          />
          <div className="-mt-1 flex justify-end">
            <Link
              to="/forgot-password"
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline"
            >
              {MSG.recovery.forgotPassword}
            </Link>
          </div>
          <Button type="submit" className="w-full" disabled={form.submitting}>
            {form.submitting ? 'Signing in...' : 'Login'}
          </Button>
          <p className="text-center text-sm text-slate-700">
            New here?{' '}
            <Link to={withReturnPath('/signup', returnPath)} className="font-medium text-brand-800 underline">
              Create an account
            </Link>
          </p>
        </Form>
      </Card>
      <BrowseListingsLink />
    </Page>
  );
}
