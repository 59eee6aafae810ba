import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { changePasswordSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';
import { useChangePassword, useDeleteAccount } from '../auth/queries';

/** Account Settings: a new password (which signs out every other device) and account deletion. */
export function AccountSettings() {
  return (
    <div className="grid gap-8">
      <ChangePasswordForm />
      <DeleteAccount />
    </div>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(parsed.data, { onSuccess: () => setValues({ currentPassword: '', newPassword: '' }) });
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Change password" className="grid max-w-md gap-4">
      <h3 className="font-semibold text-slate-900">Change password</h3>
      <TextField
        label="Current password"
        error={errors.currentPassword}
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(value) => setValues({ ...values, currentPassword: value })}
      />
      <TextField
        label="New password"
        error={errors.newPassword}
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(value) => setValues({ ...values, newPassword: value })}
      />
      <Button type="submit" variant="outline" disabled={change.isPending} className="justify-self-start">
        {change.isPending ? 'Changing Password' : 'Change Password'}
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError('Please enter your password to confirm');
    setError(undefined);
    remove.mutate(password, { onSuccess: () => void navigate({ to: '/' }) });
  }

  return (
    <section aria-labelledby="delete-account" className="rounded-lg border border-red-200 bg-red-50/50 p-4">
      <h3 id="delete-account" className="font-semibold text-red-800">
        Delete account
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        This deletes your account, signs you out everywhere and deletes your images at once. Payment records are kept
        for accounting without your personal details. It cannot be undone.
      </p>
      {confirming ? (
        <form noValidate onSubmit={submit} aria-label="Delete account" className="mt-4 grid max-w-md gap-4">
          <TextField
            label="Password"
            error={error}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <div className="flex gap-3">
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting Account' : 'Delete My Account'}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="destructive" className="mt-4" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      )}
    </section>
  );
}
