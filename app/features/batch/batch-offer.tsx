import { Link } from '@tanstack/react-router';
import { MAX_BATCH_PHOTOS } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** What the batch does, for a visitor without Unlimited Access. */
export function BatchOffer({ signedIn }: { signedIn: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Batch: many photos, every format, one ZIP</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <p>
          Drop up to {MAX_BATCH_PHOTOS} photos and pick the formats once. Batch processing is part of Unlimited Access:
          $9.99, one time.
        </p>
        <Button asChild>
          <Link
            to={signedIn ? '/unlimited-access' : '/auth'}
            search={signedIn ? undefined : { redirect: 'unlimited-access' }}
          >
            {signedIn ? 'Get Unlimited Access' : 'Sign in to get Unlimited Access'}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
