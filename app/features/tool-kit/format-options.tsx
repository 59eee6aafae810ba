import type { PlatformFormat } from '../../../shared/formats';
import { formatLabel } from './format-choice';

/** The `<option>`s of a format select: "description (width × height)", valued by format id. */
export function FormatOptions({ formats }: { formats: readonly PlatformFormat[] }) {
  return formats.map((f) => (
    <option key={f.id} value={f.id}>
      {formatLabel(f)}
    </option>
  ));
}
