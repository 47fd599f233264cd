// Sign Up (spec §2, §4, §5, §8): five required fields, errors shown for 3 s, then a success state
// with 'Go to login'.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TIMINGS } from '../../shared/catalog';
import { MSG } from '../../shared/messages';
import type { SignupInput } from '../../shared/validation';
import { BrowseListingsLink } from '../app/browse-listings';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Form } from '../components/ui/form';
import { Page } from '../components/ui/page';
import { type Checked, useForm } from '../components/ui/use-form';
import { signup, useReturnPath } from '../features/auth';
import { ApiError } from '../lib/http';
import { withReturnPath } from '../lib/return-path';

const EMPTY = { name: '', email: '', phoneNumber: '', password: '', confirmPassword: '' };

// The rules need zod (~24 kB gzip), which this landing page does not need to show the form: it loads
// once the visitor starts on the form, and submit waits for it.
const loadRules = () => import('../../shared/validation');

/** The first rule the form breaks, in the spec's order, as one message over the form; else the input. */
async function check(form: typeof EMPTY): Promise<Checked<string, SignupInput>> {
  const { confirmPassword: _, ...input } = form;
  if (Object.values(form).some((v) => v.trim() === '')) return { formError: MSG.signup.fillAll };
  if (form.password !== form.confirmPassword) return { formError: MSG.signup.mismatch };
  try {
    const parsed = (await loadRules()).signupSchema.safeParse(form);
    return parsed.success
      ? { data: input }
      : { formError: parsed.error.issues[0]?.message ?? MSG.signup.failed };
  } catch {
    return { formError: MSG.signup.failed };
  }
}

export default function SignUp() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  // Came from a post's 'Sign in to ...' via 'Create an account': the login after goes back there.
  const returnPath = useReturnPath();
  const form = useForm({ initial: EMPTY, validate: check, errorsVanishMs: TIMINGS.signupErrorMs });

  const onSubmit = async (input: SignupInput) => {
    try {
      await signup(input);
      form.reset();
      setDone(true);
    } catch (e) {
      form.setFormError(e instanceof ApiError && e.status < 500 && e.message ? e.message : MSG.signup.failed);
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
              navigate(withReturnPath('/login', returnPath));
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
      {/* Before the form: a visitor who only wants to look sees the way in without scrolling. */}
      <BrowseListingsLink className="mb-4" />
      <Card>
        <Form form={form} onSubmit={onSubmit} onFocusCapture={() => void loadRules()} className="space-y-4">
          <TextField label="Full name" autoComplete="name" {...form.field('name')} required />
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            {...form.field('phoneNumber')}
            required
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            {...form.field('password')}
            required
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...form.field('confirmPassword')}
            required
          />
          {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
          <Button type="submit" className="w-full" disabled={form.submitting}>
            {form.submitting ? 'Creating account...' : 'Create Account'}
          </Button>
        </Form>
      </Card>
    </Page>
  );
}
