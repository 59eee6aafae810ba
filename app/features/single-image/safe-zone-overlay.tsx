import type { PlatformFormat } from '../../../shared/formats';

/** The selected format's safe zone drawn over the crop area, so people see what the platform cuts. */
export function SafeZoneOverlay({
  format,
  size,
}: {
  format: PlatformFormat;
  size: { width: number; height: number } | null;
}) {
  const zone = format.safeZone;
  if (!zone || zone.shape !== 'rect' || !size) return null;
  const sx = size.width / format.width;
  const sy = size.height / format.height;
  return (
    <div
      className="pointer-events-none absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2"
      style={{ width: size.width, height: size.height }}
      aria-hidden="true"
    >
      <div
        data-testid="safe-zone"
        className="absolute border-2 border-dashed border-amber-300/90"
        style={{ left: zone.x * sx, top: zone.y * sy, width: zone.width * sx, height: zone.height * sy }}
      />
    </div>
  );
}
