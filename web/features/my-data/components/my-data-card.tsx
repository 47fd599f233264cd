// "Your data" on /profile (issue 31): download everything held about you, or delete the account. The
// deletion asks first, naming what goes and what stays, and takes the password; afterwards the app
// signs out and shows the sign-up screen.
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { ApiError, clientErrorReason } from '../../../lib/http';
import { useAuth } from '../../auth';
import { deleteAccount, exportHref } from '../api';

export function MyDataCard() {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{MSG.myData.heading}</h2>
      <p className="mb-4 text-slate-700">{MSG.myData.intro}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href={exportHref()} download className={buttonClass('secondary')}>
          {MSG.myData.download}
        </a>
        <Button variant="outline-danger" onClick={() => setConfirming(true)}>
          {MSG.myData.deleteAccount}
        </Button>
      </div>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} />
    </Card>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    setPassword('');
    setError({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ field: 'Password is required.' });
    setDeleting(true);
    try {
      await deleteAccount(password);
      // The server ended every session; this signs the browser out and empties what it kept.
      await logout().catch(() => undefined);
      navigate('/', { replace: true });
    } catch (caught) {
      setDeleting(false);
      if (caught instanceof ApiError && caught.status === 403)
        setError({ field: caught.errors?.password ?? MSG.myData.passwordWrong });
      else setError({ form: clientErrorReason(caught) ?? MSG.myData.deleteFailed });
    }
  };

  return (
    <Modal open={open} title={MSG.myData.confirmDeleteTitle} onClose={close} describe closeButton={false}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p>{MSG.myData.confirmDelete}</p>
        {error.form ? <Alert tone="error">{error.form}</Alert> : null}
        <TextField
          label={MSG.myData.passwordLabel}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error.field}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <ModalActions>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? 'Deleting...' : MSG.myData.deleteAccount}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
