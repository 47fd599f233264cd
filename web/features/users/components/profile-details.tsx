// The profile card of /profile (spec §2): name, email and phone ('N/A' when empty) from fetch-user,
// with an Edit mode. Loading keeps the card's shape so nothing jumps when the data arrives.
import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../../shared/api-types';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useProfile } from '../api';
import { failure, type Notice } from '../notice';
import { ProfileForm } from './profile-form';

const ROWS = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phoneNumber', label: 'Phone' },
] as const;

/** A value, 'N/A' when empty; a long email may wrap before its @ rather than mid-word. */
function Value({ text }: { text: string }) {
  if (!text) return 'N/A';
  const at = text.indexOf('@');
  if (at <= 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}

export function ProfileDetails({
  userId,
  onSaved,
  onNotice,
}: {
  userId: number;
  onSaved(user: PublicUser): void;
  onNotice(notice: Notice): void;
}) {
  const profile = useProfile(userId);
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  // A failed load is reported in the notification modal (spec §8), once per failure.
  const { error, errorUpdatedAt } = profile;
  useEffect(() => {
    if (error && errorUpdatedAt) onNotice(failure(error, MSG.profile.fetchError));
  }, [error, errorUpdatedAt, onNotice]);

  // Leaving edit mode puts focus back on Edit (the modal, if one opens, returns it there too).
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      heading.current?.querySelector('button')?.focus();
    }
  }, [editing]);
  const leaveEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const user = profile.data;
  return (
    <Card as="section" aria-labelledby="profile-heading">
      <div ref={heading} className="mb-4 flex min-h-11 items-center justify-between gap-3">
        <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
          {editing ? 'Edit details' : 'Your details'}
        </h2>
        {!editing && user ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
        ) : null}
      </div>

      {editing && user ? (
        <ProfileForm
          userId={userId}
          initial={{ name: user.name, email: user.email, phoneNumber: user.phoneNumber }}
          onCancel={leaveEditing}
          onSaved={(saved) => {
            leaveEditing();
            onSaved(saved);
          }}
          onNotice={onNotice}
        />
      ) : profile.isError && !user ? (
        <div className="space-y-4">
          <Alert tone="error">{MSG.profile.fetchError}</Alert>
          <Button variant="secondary" onClick={() => profile.refetch()} disabled={profile.isFetching}>
            Try again
          </Button>
        </div>
      ) : (
        <dl className="divide-y divide-slate-100" aria-busy={profile.isPending}>
          {ROWS.map((row) => (
            <div key={row.key} className="py-3 first:pt-0 last:pb-0">
              <dt className="text-sm font-medium text-slate-600">{row.label}</dt>
              <dd className="mt-0.5 min-h-6 text-base text-slate-900 [overflow-wrap:anywhere]">
                {user ? (
                  <Value text={user[row.key]} />
                ) : (
                  <span className="block h-6 w-2/3 animate-pulse rounded bg-slate-200" />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {profile.isPending ? (
        <p role="status" className="sr-only">
          Loading...
        </p>
      ) : null}
    </Card>
  );
}
