// Signing in returns to where the visitor came from (?next=, same-site paths only), else /home.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../shared/messages';
import { mockApi, ok, renderApp, TEST_USER } from '../test/render-app';
import SignIn from './sign-in';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

afterEach(() => vi.unstubAllGlobals());

async function signInAt(at: string) {
  mockApi(
    ({ path }) =>
      path === '/api/login'
        ? ok({
            message: MSG.login.success,
            user_id: TEST_USER.id,
            user_name: TEST_USER.name,
            email: TEST_USER.email,
            phoneNumber: '',
            role: 'member',
          })
        : undefined,
    null,
  );
  renderApp(
    <>
      <SignIn />
      <Where />
    </>,
    { at },
  );
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: TEST_USER.email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).not.toBe(at));
  return screen.getByTestId('where').textContent;
}

describe('Sign In', () => {
  it('goes back to the post it was opened from', async () => {
    expect(await signInAt('/login?next=%2Fposts%2F7')).toBe('/posts/7');
  });

  it('goes to /home without a place to return to', async () => {
    expect(await signInAt('/login')).toBe('/home');
  });

  it.each([
    'https%3A%2F%2Fevil.example%2Fposts%2F7',
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    'javascript%3Aalert(1)',
  ])('never leaves the site (next=%s): /home instead', async (next) => {
    expect(await signInAt(`/login?next=${next}`)).toBe('/home');
  });

  it("keeps the place through 'Create an account'", async () => {
    mockApi(() => undefined, null);
    renderApp(<SignIn />, { at: '/login?next=%2Fposts%2F7' });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/signup?next=%2Fposts%2F7',
    );
  });
});
