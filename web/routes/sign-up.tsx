// Sign Up (spec §2, §4, §5, §8): five required fields, errors shown for 3 s, then a success state
// with 'Go to login'.
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../shared/catalog';
import { MSG } from '../../shared/messages';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, cardClass } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Page } from '../components/ui/page';
import { signup } from '../features/auth';
import { ApiError } from '../lib/http';

const EMPTY = { name: '', email: '', phoneNumber: '', password: '', confirmPassword: '' };

// The rules need zod (~24 kB gzip), which this landing page does not need to show the form: it loads
// once the visitor starts on the form, and submit waits for it.
const loadRules = () => import('../../shared/validation');

/** The first rule the form breaks, in the spec's order, or null. */
async function formError(form: typeof EMPTY): Promise<string | null> {
  if (Object.values(form).some((v) => v.trim() === '')) return MSG.signup.fillAll;
  if (form.password !== form.confirmPassword) return MSG.signup.mismatch;
  const { signupSchema } = await loadRules();
  const parsed = signupSchema.safeParse(form);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MSG.signup.failed);
}

export default function SignUp() {
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), TIMINGS.signupErrorMs);
    return () => clearTimeout(timer);
  }, [error]);

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = await formError(form).catch(() => MSG.signup.failed);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const { confirmPassword: _, ...input } = form;
      await signup(input);
      setForm(EMPTY);
      setDone(true);
    } catch (e) {
      setError(e instanceof ApiError && e.status < 500 && e.message ? e.message : MSG.signup.failed);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Page title="Sign Up">
        <Card className="space-y-4">
          <Alert tone="success">{MSG.signup.success}</Alert>
          <Button
            className="w-full"
            onClick={() => {
              setDone(false);
              navigate('/login');
            }}
          >
            Go to login
          </Button>
        </Card>
      </Page>
    );
  }

  return (
    <Page title="Sign Up">
      <form
        noValidate
        onSubmit={onSubmit}
        onFocusCapture={() => void loadRules()}
        className={cardClass({}, 'space-y-4')}
      >
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          required
        />
        <TextField
          label="Phone number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={form.password}
          onChange={set('password')}
          required
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          required
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </Page>
  );
}
