import { getRouteApi, Navigate } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PLATFORMS } from '../../../shared/platforms';
import { LoginForm, RegisterForm } from './auth-forms';
import { useCurrentUser } from './queries';

const route = getRouteApi('/auth');

/** Where a signed-in user goes: /unlimited-access when asked for by name, otherwise the tool. */
function redirectTarget(redirect: string | undefined): '/unlimited-access' | '/' {
  return redirect === 'unlimited-access' ? '/unlimited-access' : '/';
}

const tiles = [
  { title: 'One-time Payment', text: 'Pay once, use forever. No subscription.' },
  { title: 'All Platforms', text: `Every size for ${PLATFORMS.length} social and store platforms.` },
  { title: 'Save Your Work', text: 'Your purchases and images, from anywhere.' },
  { title: 'Pro Results', text: 'Exact sizes and transparent PNGs, ready to post.' },
];

export function AuthPage() {
  const { redirect } = route.useSearch();
  const { data: user } = useCurrentUser();
  // A signed-in user (already, or the moment a form succeeds) goes straight on. Until the session
  // is known the forms show (they are what nearly everyone here came for, and the page is drawn
  // ahead: docs/decisions/0015-first-paint.md); a form sent meanwhile just signs in.
  if (user) return <Navigate to={redirectTarget(redirect)} replace />;
  return (
    <main className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-10 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Welcome
          </CardTitle>
          <CardDescription>
            Log in to your account, or register for free to get 5 images every 24 hours.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="login">
            <TabsList className="w-full sm:w-full">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <section className="hidden rounded-xl bg-brand-600 p-8 text-white lg:block" aria-label="Why create an account">
        <h2 className="text-2xl font-bold">Every platform, one upload</h2>
        <p className="mt-2">
          A free account gives you 5 images a day, keeps your purchases and lets you download them from anywhere.
        </p>
        <ul className="mt-8 grid grid-cols-2 gap-4">
          {tiles.map((tile) => (
            <li key={tile.title} className="rounded-lg bg-white/10 p-4">
              <h3 className="font-semibold">{tile.title}</h3>
              <p className="mt-1 text-sm">{tile.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
