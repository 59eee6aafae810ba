import { Link } from '@tanstack/react-router';
import { MAX_BATCH_PHOTOS } from '../../../shared/limits';
import { findPlan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const unlimited = findPlan('unlimited')!;
const STEPS = [
  `Drop up to ${MAX_BATCH_PHOTOS} photos; each can get a box to keep whole.`,
  'Choose the formats once: by platform, by kind, or a set you saved.',
  'Get one ZIP with a folder per photo, every file checked against its platform.',
];

/**
 * What the batch does and what it costs, for a visitor without Unlimited Access: the price and the
 * way to pay first, so they are on the first screen at a phone's size too.
 */
export function BatchOffer({ signedIn }: { signedIn: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch is part of {unlimited.name}</CardTitle>
        <p className="text-2xl font-bold text-slate-900">
          ${unlimited.price.toFixed(2)} <span className="text-sm font-normal text-slate-600">paid once</span>
        </p>
        <p className="text-sm text-slate-600">{unlimited.description}</p>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <Button asChild>
          <Link
            to={signedIn ? '/unlimited-access' : '/auth'}
            search={signedIn ? undefined : { redirect: 'unlimited-access' }}
          >
            {signedIn ? `Get ${unlimited.name}: $${unlimited.price.toFixed(2)}` : `Sign in to get ${unlimited.name}`}
          </Link>
        </Button>
        <ol className="list-decimal space-y-1 pl-5">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
