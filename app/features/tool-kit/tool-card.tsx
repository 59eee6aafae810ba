import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { StepIndicator } from './step-indicator';
import { useStepScroll } from './use-step-scroll';

/**
 * A tool's card: its steps with the current one marked, the step's title and the step itself.
 * The title and the steps share one row from a tablet up; on a phone the steps name the current
 * one and the title is for screen readers, so the step's work starts higher (docs/product.md,
 * "Phone layout and dark mode").
 */
export function ToolCard({
  steps,
  title,
  step,
  children,
}: {
  steps: readonly string[];
  title: ReactNode;
  /** 1-based; the card comes into view when it changes. */
  step: number;
  children: ReactNode;
}) {
  const cardRef = useStepScroll<HTMLDivElement>(step);
  return (
    <Card ref={cardRef} className="scroll-mt-20" data-in-use={step > 1 || undefined}>
      <CardHeader className="gap-4 px-4 pt-4 pb-4 sm:flex-row-reverse sm:flex-wrap sm:items-center sm:justify-between sm:px-6 sm:pt-6">
        <StepIndicator steps={steps} current={step} />
        <CardTitle className="text-xl max-sm:sr-only">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4 pb-4 sm:px-6 sm:pb-6">{children}</CardContent>
    </Card>
  );
}
