// Sign In (spec §2, §5, §8): field errors under the fields, a banner for a failed login, then /home.
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '../../shared/messages';
import { EMAIL_PATTERN } from '../../shared/patterns';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { cardClass } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import { login, useAuth } from '../features/auth';
import { ApiError } from '../lib/http';

export default function SignIn() {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: EMAIL_PATTERN.test(email.trim()) ? undefined : MSG.login.invalidEmail,
      password: password ? undefined : MSG.login.passwordRequired,
    };
    setErrors(next);
    setBanner(null);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const res = await login({ email: email.trim(), password });
      if (res.message !== MSG.login.success) return setBanner(MSG.login.invalidCredentials);
      signIn({ id: res.user_id, name: res.user_name, email: res.email, phoneNumber: res.phoneNumber });
      navigate('/home');
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 401))
        setBanner(MSG.login.invalidCredentials);
      else if (e instanceof ApiError && e.status === 429) setBanner(e.message);
      else setBanner(MSG.login.unavailable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Sign In">
      <form noValidate onSubmit={onSubmit} className={cardClass({}, 'space-y-4')}>
        {banner ? <Alert tone="error">{banner}</Alert> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Login'}
        </Button>
        <p className="text-center text-sm text-slate-700">
          New here?{' '}
          <Link to="/signup" className="font-medium text-brand-800 underline">
            Create an account
          </Link>
        </p>
      </form>
    </Page>
  );
}
