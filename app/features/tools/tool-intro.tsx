import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { StepIndicator } from './step-indicator';

/** The head of a tool tab: its steps and the title of its first step. */
export function ToolIntro({ steps, title, description, children }: { steps: readonly string[]; title: string; description: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="gap-4">
        <StepIndicator steps={steps} current={1} />
        <div>
          <CardTitle className="text-xl">{title}</CardTitle>
          <CardDescription className="mt-1">{description}</CardDescription>
        </div>
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
    </Card>
  );
}
