import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiRequestError } from '../../lib/api';
import { ADMIN_FLAG, adminLogin } from './queries';

/** The admin login; a success sets the routing flag (the server's cookie decides). */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const login = useMutation({
    mutationFn: adminLogin,
    onSuccess: () => {
      sessionStorage.setItem(ADMIN_FLAG, 'true');
      toast({ title: 'Success', description: 'Logged in as administrator', variant: 'success' });
      void navigate({ to: '/admin' });
    },
    onError: (failure) => {
      // A wrong password gets the same words whatever was wrong; a throttle or a missing configuration says why.
      const description =
        failure instanceof ApiRequestError && failure.status !== 401
          ? failure.serverMessage
          : 'Invalid administrator password';
      toast({ title: 'Authentication Failed', description, variant: 'destructive' });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setError(undefined);
    login.mutate(password);
  }

  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Administrator Login
          </CardTitle>
          <CardDescription>The admin area is for the Social Resizer team.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4" aria-label="Administrator login" noValidate>
            <TextField
              label="Password"
              error={error}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? 'Authenticating...' : 'Login'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
