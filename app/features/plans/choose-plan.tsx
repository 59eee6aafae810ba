import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { plansQuery } from './queries';
import { BestValueBadge } from './best-value-badge';

/** The plans as the server defines them, each leading to the checkout for this image. */
export function ChoosePlan({ requestId }: { requestId: string }) {
  const plans = useQuery(plansQuery);
  return (
    <section aria-labelledby="choose-plan">
      <h3 id="choose-plan" className="text-lg font-semibold text-slate-900">
        Choose Your Plan
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {plans.isError ? (
          <p className="text-sm text-red-600">The plans could not be loaded. Please reload the page.</p>
        ) : null}
        {(plans.data ?? []).map((plan) => (
          <div
            key={plan.id}
            className={
              plan.isPopular ? 'rounded-xl border-2 border-brand-500 p-5' : 'rounded-xl border border-slate-200 p-5'
            }
          >
            <div className="flex items-center justify-between gap-2">
              <h4 className="font-semibold text-slate-900">{plan.name}</h4>
              {plan.isPopular ? <BestValueBadge /> : null}
            </div>
            <p className="mt-1 text-2xl font-bold text-slate-900">${plan.price.toFixed(2)}</p>
            <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Button asChild className="mt-4 w-full" variant={plan.isPopular ? 'primary' : 'outline'}>
              <Link to="/checkout/$imageRequestId" params={{ imageRequestId: requestId }} search={{ plan: plan.id }}>
                Choose {plan.name}
              </Link>
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
