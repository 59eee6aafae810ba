import { softnessText } from '../../../shared/sharpness';
import { cn } from '../../lib/cn';

/**
 * Said where an output enlarges the picture past what looks sharp (shared/sharpness.ts): before the
 * download and beside a result. Nothing where it looks sharp. `factor`: one file's enlargement;
 * `text`: what softFilesText says of many.
 */
export function SoftnessNote({
  factor,
  text: given,
  brief = false,
  className,
}: {
  factor?: number;
  text?: string | null;
  /** A result's small card: the short form. */
  brief?: boolean;
  className?: string;
}) {
  const text = given ?? (factor === undefined ? null : softnessText(factor, brief));
  if (!text) return null;
  return (
    <p className={cn('rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900', className)} data-testid="softness">
      {text}
    </p>
  );
}
