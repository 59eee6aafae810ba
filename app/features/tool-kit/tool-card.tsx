import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { StepIndicator } from './step-indicator';
import { useStepScroll } from './use-step-scroll';

/** A tool's card: its steps with the current one marked, the step's title and the step itself. */
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
      <CardHeader className="gap-4">
        <StepIndicator steps={steps} current={step} />
        <CardTitle className="text-xl">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
