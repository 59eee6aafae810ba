import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { pageHead } from '../components/layout/page';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';

export const Route = createFileRoute('/auth')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  head: () => pageHead('Sign in', 'Sign in or create a free account: 5 images a day, purchase history and your images from anywhere.'),
  component: AuthPage,
});

const tiles = [
  { title: 'One-time Payment', text: 'Pay once, use forever. No subscription.' },
  { title: 'All Platforms', text: 'Every size for 11 social and store platforms.' },
  { title: 'Save Your Work', text: 'Your purchases and images, from anywhere.' },
  { title: 'Pro Results', text: 'Exact sizes and transparent PNGs, ready to post.' },
];

function AuthPage() {
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Sign in</CardTitle>
          <CardDescription>Log in to your account, or register for free to get 5 images every 24 hours.</CardDescription>
        </CardHeader>
      </Card>
      <section className="hidden rounded-xl bg-brand-600 p-8 text-white lg:block" aria-label="Why create an account">
        <h2 className="text-2xl font-bold">Every platform, one upload</h2>
        <p className="mt-2 text-brand-100">Keep your work and get more free images each day.</p>
        <ul className="mt-8 grid grid-cols-2 gap-4">
          {tiles.map((tile) => (
            <li key={tile.title} className="rounded-lg bg-white/10 p-4">
              <h3 className="font-semibold">{tile.title}</h3>
              <p className="mt-1 text-sm text-brand-100">{tile.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
