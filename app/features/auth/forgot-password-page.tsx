import { Link } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ForgotPasswordForm } from './password-reset-forms';

export function ForgotPasswordPage() {
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Forgot your password?
          </CardTitle>
          <CardDescription>
            Enter the e-mail address of your account, and we will send you a link to choose a new password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ForgotPasswordForm />
          <Link to="/auth" className="text-sm font-medium text-brand-700 hover:underline">
            ← Back to login
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
