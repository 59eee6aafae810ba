import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginSchema, registerSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';
import { useLogin, useRegister } from './queries';

/** On success the user is cached, and the auth page moves on. */
export function LoginForm() {
  const login = useLogin();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    login.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Login">
      <Field label="Username" error={errors.username}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            autoComplete="username"
            value={values.username}
            onChange={(e) => setValues({ ...values, username: e.target.value })}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(props) => (
          <input
            {...props}
            type="password"
            className={inputClass}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
          />
        )}
      </Field>
      {login.error ? (
        <p role="alert" className="text-sm text-red-600" data-testid="login-error">
          {errorMessage(login.error, 'Login failed')}
        </p>
      ) : null}
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Logging in' : 'Login'}
      </Button>
      <Link to="/forgot-password" className="justify-self-center text-sm font-medium text-brand-700 hover:underline">
        Forgot your password?
      </Link>
    </form>
  );
}

export function RegisterForm() {
  const register = useRegister();
  const [values, setValues] = useState({ username: '', email: '', password: '', name: '' });
  const [errors, setErrors] = useState<FieldErrors<typeof values>>({});
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    register.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Register">
      <Field label="Username" error={errors.username}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            className={inputClass}
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password}>
        {(props) => (
          <input
            {...props}
            type="password"
            className={inputClass}
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
        )}
      </Field>
      <Field label="Name (optional)" error={errors.name}>
        {(props) => (
          <input {...props} className={inputClass} autoComplete="name" value={values.name} onChange={set('name')} />
        )}
      </Field>
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? 'Creating Account' : 'Create Account'}
      </Button>
    </form>
  );
}
