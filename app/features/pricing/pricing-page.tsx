import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useCurrentUser } from '../auth/queries';
import { PLANS } from '../../../shared/plans';
import { BestValueBadge } from '../plans/best-value-badge';

export function PricingPage() {
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">Simple, one-time pricing</h1>
      <p className="mx-auto mt-3 max-w-xl text-center text-slate-600">Each plan is paid once. No subscription.</p>
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle>Anonymous</CardTitle>
            <CardDescription>Try it without an account.</CardDescription>
            <p className="mt-2 text-3xl font-bold">Free</p>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col justify-between gap-6">
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>1 image every 24 hours</li>
              <li>Every platform format</li>
              <li>JPEG, WebP or transparent PNG output</li>
            </ul>
            <Button asChild variant="outline">
              <Link to="/">Continue</Link>
            </Button>
          </CardContent>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle>Registered</CardTitle>
            <CardDescription>A free account.</CardDescription>
            <p className="mt-2 text-3xl font-bold">Free</p>
          </CardHeader>
          <CardContent className="flex flex-1 flex-col justify-between gap-6">
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>5 images every 24 hours</li>
              <li>Purchase history</li>
              <li>Your images from anywhere</li>
            </ul>
            <Button asChild variant="outline">
              <Link to={signedIn ? '/' : '/auth'}>Register</Link>
            </Button>
          </CardContent>
        </Card>
        {PLANS.map((plan) => (
          <Card
            key={plan.id}
            className={plan.isPopular ? 'flex flex-col border-brand-500 ring-1 ring-brand-500' : 'flex flex-col'}
          >
            <CardHeader>
              <div className="flex items-center justify-between gap-2">
                <CardTitle>{plan.name}</CardTitle>
                {plan.isPopular ? <BestValueBadge /> : null}
              </div>
              <CardDescription>{plan.description}</CardDescription>
              <p className="mt-2 text-3xl font-bold">
                ${plan.price.toFixed(2)} <span className="text-sm font-normal text-slate-500">one time</span>
              </p>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-6">
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {plan.id === 'single' ? (
                <Button asChild variant="outline">
                  <Link to="/">Choose an image</Link>
                </Button>
              ) : (
                <Button asChild>
                  {signedIn ? (
                    <Link to="/unlimited-access">Get Unlimited Access</Link>
                  ) : (
                    <Link to="/auth" search={{ redirect: 'unlimited-access' }}>
                      Get Unlimited Access
                    </Link>
                  )}
                </Button>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
    </main>
  );
}
