import type { Plan } from '../../../shared/plans';
import { platformName, titleCase } from '../../../shared/platforms';
import type { ImageRequestResponse } from '../../../shared/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { dollars } from './money';

const BENEFITS = ['Optimized for social media', 'High-quality processing', 'Instant download after payment'];

/** The checkout's left card: the image (when its details loaded), the plan and the total. */
export function OrderSummary({ summary, plan }: { summary: ImageRequestResponse | undefined; plan: Plan }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {summary ? (
          <div className="flex gap-4">
            <img
              src={summary.previewPath ?? summary.originalPath}
              alt="Your image"
              className="h-20 w-20 rounded-md bg-slate-100 object-contain"
            />
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-slate-900">
                {platformName(summary.platform)} {titleCase(summary.format)}
              </p>
              <p className="text-slate-600">
                {summary.width} × {summary.height} pixels
              </p>
              <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                One-time purchase
              </span>
            </div>
          </div>
        ) : null}
        <div className="border-t border-slate-200 pt-4 text-sm">
          <p className="font-medium text-slate-900">{plan.name}</p>
          <p className="text-slate-600">{plan.description}</p>
        </div>
        <div className="flex items-center justify-between border-t border-slate-200 pt-4 text-lg font-semibold">
          <span>Total</span>
          <span>{dollars(plan.price)}</span>
        </div>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {BENEFITS.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
