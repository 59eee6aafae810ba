import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { passwordResetSchema } from '../../shared/schemas';
import { pageHead } from '../components/layout/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { ResetPasswordForm } from '../features/auth/password-reset-forms';

export const Route = createFileRoute('/reset-password')({
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  head: () => pageHead('Choose a new password', 'Set a new password for your Social Resizer account.'),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useSearch();
  const usable = passwordResetSchema.shape.token.safeParse(token).success;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Choose a new password</CardTitle>
          <CardDescription>
            Your other devices are signed out when the new password is set, and this one is signed in.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {usable && token ? (
            <ResetPasswordForm token={token} />
          ) : (
            <p role="alert" className="text-sm text-red-600">
              This reset link is not complete: open the link from the e-mail as it is, or{' '}
              <Link to="/forgot-password" className="font-medium underline">
                ask for a new one
              </Link>
              .
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
