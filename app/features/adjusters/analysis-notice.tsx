import type { ConversionResponse } from '../../../shared/schemas';
import { keptWords } from '../tool-kit/framing-text';

/** What the analysis found, in a sentence (the server's counts; nothing when it did not say). */
function foundText(detection: ConversionResponse['detection']): string {
  if (!detection)
    return 'We found the text, logos and faces in your banner and kept them inside the area each platform shows.';
  if (detection.source === 'saliency')
    return 'Face and text detection was unavailable: each format keeps the picture’s most detailed area instead.';
  const found = keptWords(detection);
  return found
    ? `We found ${found} and kept them inside the area each platform shows.`
    : 'No faces or text were found: each format is centred on the most detailed area.';
}

/** Whether the requested AI analysis ran, and what it found; nothing when it was not requested (null). */
export function AnalysisNotice({
  performed,
  detection,
}: {
  performed: boolean | null;
  detection: ConversionResponse['detection'];
}) {
  if (performed === true)
    return (
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status">
        <p className="font-semibold">AI Analysis Successful</p>
        <p>{foundText(detection)}</p>
      </div>
    );
  if (performed === false)
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="status">
        <p className="font-semibold">Standard Conversion Used</p>
        <p>
          AI analysis was requested but couldn't be performed. A standard conversion was used instead to preserve your
          image content.
        </p>
      </div>
    );
  return null;
}
