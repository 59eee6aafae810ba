import { Button } from '../../components/ui/button';
import type { AdjusterFlow } from './flows';

/** The configure step when the catalogue offers this adjuster nothing. */
export function NoFormats({ flow, onBack }: { flow: AdjusterFlow; onBack: () => void }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <p className="font-semibold text-slate-900">{flow.noFormatsTitle}</p>
      <p className="mt-1 text-sm text-slate-600">{flow.noFormatsText}</p>
      <Button className="mt-4" variant="outline" onClick={onBack}>
        Go Back
      </Button>
    </div>
  );
}
