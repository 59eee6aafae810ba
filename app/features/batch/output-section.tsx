import { transparencyRefusal, type Fill } from '../../../shared/fill';
import type { PlatformFormat } from '../../../shared/formats';
import type { OutputSettings } from '../../../shared/output';
import { FillPicker } from '../tool-kit/fill-picker';
import { OutputPicker } from '../tool-kit/output-picker';
import { acceptedByAll } from '../tool-kit/output-settings';

/** "3. File type and fill", for every chosen format. */
export function OutputSection({
  chosen,
  output,
  onOutput,
  fill,
  onFill,
}: {
  chosen: PlatformFormat[];
  output: OutputSettings;
  onOutput: (output: OutputSettings) => void;
  fill: Fill;
  onFill: (fill: Fill) => void;
}) {
  return (
    <section aria-labelledby="batch-output" className="space-y-4">
      <h2 id="batch-output" className="text-lg font-semibold text-slate-900">
        3. File type and fill
      </h2>
      <OutputPicker value={output} onChange={onOutput} accepted={acceptedByAll(chosen)} single={false} />
      <FillPicker
        value={fill}
        onChange={onFill}
        edge={null}
        transparencyRefused={transparencyRefusal(chosen, output.type)}
      />
    </section>
  );
}
