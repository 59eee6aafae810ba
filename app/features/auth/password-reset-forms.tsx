import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { passwordResetRequestSchema, passwordResetSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';
import { outboxQuery, useRequestPasswordReset, useResetPassword } from './queries';

/** The address to send a reset link to; afterwards the server's answer stays on the page. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<{ email: string }>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    request.mutate(parsed.data.email);
  }

  if (request.data) {
    return (
      <div role="status" className="grid gap-3">
        <p className="text-slate-700">{request.data.message}</p>
        <p className="text-sm text-slate-500">Nothing arrived? Check the spam folder, or ask again in a few minutes.</p>
        <LocalOutboxHint />
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Reset password">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      {request.error ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(request.error, 'The request did not go through. Please try again.')}
        </p>
      ) : null}
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? 'Sending link' : 'Send reset link'}
      </Button>
    </form>
  );
}

/** On a development server without a mail provider, where the message went instead. */
function LocalOutboxHint() {
  const outbox = useQuery(outboxQuery);
  if (!outbox.isSuccess) return null;
  return (
    <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      This development server sends no e-mail: the message is in the{' '}
      <Link to="/outbox" className="font-medium underline">
        local outbox
      </Link>
      .
    </p>
  );
}

/** The new password, with the token from the link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse({ token, password: values.password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (values.password !== values.confirm) return setErrors({ confirm: 'The two passwords are not the same' });
    setErrors({});
    reset.mutate(parsed.data, { onSuccess: () => void navigate({ to: '/account' }) });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Choose a new password">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(password) => setValues({ ...values, password })}
        error={errors.password}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(confirm) => setValues({ ...values, confirm })}
        error={errors.confirm}
      />
      {reset.error ? (
        <div role="alert" className="text-sm text-red-600">
          {errorMessage(reset.error, 'The password was not changed. Please try again.')}{' '}
          <Link to="/forgot-password" className="font-medium underline">
            Ask for a new link
          </Link>
        </div>
      ) : null}
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? 'Saving' : 'Set new password'}
      </Button>
    </form>
  );
}
