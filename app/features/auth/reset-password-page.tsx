import { getRouteApi, Link } from '@tanstack/react-router';
import { resetTokenSchema } from '../../../shared/schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ResetPasswordForm } from './password-reset-forms';

const route = getRouteApi('/reset-password');

export function ResetPasswordPage() {
  const { token } = route.useSearch();
  const usable = resetTokenSchema.safeParse(token).success;
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Choose a new password
          </CardTitle>
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
