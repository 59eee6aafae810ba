import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger, tabValue } from '../../components/ui/tabs';
import { applyHref, DEPARTMENTS, positionsIn, type Position } from './positions';

/** The department tabs and the positions as expanding cards. */
export function CareersBoard() {
  const [department, setDepartment] = useState<string>('All');
  const positions = positionsIn(department);
  return (
    <div>
      <Tabs
        value={tabValue(department)}
        onValueChange={(value) => setDepartment(DEPARTMENTS.find((name) => tabValue(name) === value) ?? 'All')}
      >
        <TabsList aria-label="Departments">
          {DEPARTMENTS.map((name) => (
            <TabsTrigger key={name} value={tabValue(name)}>
              {name}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tabValue(department)} className="mt-0">
          <Positions department={department} positions={positions} onAll={() => setDepartment('All')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The department's positions, or the empty state with the way back to all of them. */
function Positions({ department, positions, onAll }: { department: string; positions: Position[]; onAll: () => void }) {
  return (
    <>
      {positions.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-medium text-slate-900">No open positions</p>
          <p className="mt-1 text-sm text-slate-600">There are no openings in {department} right now.</p>
          <Button variant="outline" className="mt-4" onClick={onAll}>
            View All Positions
          </Button>
        </div>
      ) : (
        <Accordion.Root type="single" collapsible className="mt-6 space-y-4">
          {positions.map((position) => (
            <PositionCard key={position.id} position={position} />
          ))}
        </Accordion.Root>
      )}
    </>
  );
}

function PositionCard({ position }: { position: Position }) {
  return (
    <Accordion.Item value={position.id} className="rounded-xl border border-slate-200 bg-white">
      <Accordion.Header asChild>
        <h2>
          <Accordion.Trigger className="group flex w-full flex-col gap-1 p-5 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="block text-lg font-semibold text-slate-900">{position.title}</span>
              <span className="block text-sm text-slate-600">
                {position.department} · {position.location} · {position.type}
              </span>
            </span>
            <span className="text-sm font-medium text-brand-700">
              <span className="group-data-[state=open]:hidden">Show details</span>
              <span className="hidden group-data-[state=open]:inline">Hide details</span>
            </span>
          </Accordion.Trigger>
        </h2>
      </Accordion.Header>
      <Accordion.Content className="border-t border-slate-100 px-5 pb-5">
        <p className="mt-4 text-slate-700">{position.summary}</p>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          <List title="Responsibilities" items={position.responsibilities} />
          <List title="Requirements" items={position.requirements} />
          <List title="Benefits" items={position.benefits} />
        </div>
        <Button asChild className="mt-6">
          <a href={applyHref(position)}>Apply for {position.title}</a>
        </Button>
      </Accordion.Content>
    </Accordion.Item>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  return (
    <section>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
