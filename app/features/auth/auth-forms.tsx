import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginSchema, registerSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
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
      <TextField
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={(username) => setValues({ ...values, username })}
        error={errors.username}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(password) => setValues({ ...values, password })}
        error={errors.password}
      />
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    register.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Register">
      <TextField
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={(value) => setValues({ ...values, username: value })}
        error={errors.username}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(value) => setValues({ ...values, email: value })}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(value) => setValues({ ...values, password: value })}
        error={errors.password}
      />
      <TextField
        label="Name (optional)"
        autoComplete="name"
        value={values.name}
        onChange={(value) => setValues({ ...values, name: value })}
        error={errors.name}
      />
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? 'Creating Account' : 'Create Account'}
      </Button>
    </form>
  );
}
