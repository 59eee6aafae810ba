/** Whether the requested AI analysis ran; nothing when it was not requested (null). */
export function AnalysisNotice({ performed }: { performed: boolean | null }) {
  if (performed === true)
    return (
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status">
        <p className="font-semibold">AI Analysis Successful</p>
        <p>We found the text, logos and faces in your banner and kept them inside the area each platform shows.</p>
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
