// Signing out leaves nothing of the account's drafts on the device (decision 026), and nothing else
// the app keeps there goes with them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_IMAGES_DB } from '../../lib/draft-keys';
import { clearStoredAuth, readStoredAuth, storeSignedIn } from './auth-store';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('clearStoredAuth', () => {
  it("removes the signed-in user, every draft and the drafts' images, and keeps other settings", () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    storeSignedIn({
      id: 7,
      name: 'Rudo',
      email: 'rudo@example.co.zw',
      phoneNumber: '',
      role: 'member',
      emailVerified: true,
    });
    localStorage.setItem('draft:7:create:product:Sell', '{"fields":{}}');
    localStorage.setItem('draft:7:edit:42', '{"fields":{}}');
    localStorage.setItem('dataSaver', 'on');

    clearStoredAuth();
    expect(readStoredAuth()).toEqual({ isAuthenticated: false, user: null });
    expect(Object.keys(localStorage)).toEqual(['dataSaver']);
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFT_IMAGES_DB);
  });
});

describe('storeSignedIn', () => {
  const user = (id: number) => ({
    id,
    name: 'U',
    email: `u${id}@example.co.zw`,
    phoneNumber: '',
    role: 'member' as const,
    emailVerified: true,
  });

  it("removes the last account's drafts when another signs in without it signing out", () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    storeSignedIn(user(7));
    localStorage.setItem('draft:7:create:product:Sell', '{"fields":{}}');
    storeSignedIn(user(7)); // a profile update: the same account keeps its drafts
    expect(localStorage.getItem('draft:7:create:product:Sell')).not.toBeNull();
    expect(deleteDatabase).not.toHaveBeenCalled();

    storeSignedIn(user(8));
    expect(localStorage.getItem('draft:7:create:product:Sell')).toBeNull();
    expect(deleteDatabase).toHaveBeenCalledWith(DRAFT_IMAGES_DB);
    expect(readStoredAuth().user?.id).toBe(8);
  });
});
