import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Fill } from '../../shared/fill';
import { transparencyRefusal } from '../../shared/fill';
import { FillPicker } from '../../app/features/tool-kit/fill-picker';

function Harness({ refused = null, edge = '#336699' }: { refused?: string | null; edge?: string | null }) {
  const [fill, setFill] = useState<Fill>({ kind: 'transparent' });
  return (
    <>
      <FillPicker value={fill} onChange={setFill} edge={edge} transparencyRefused={refused} />
      <output data-testid="fill">{JSON.stringify(fill)}</output>
    </>
  );
}
const fill = () => JSON.parse(screen.getByTestId('fill').textContent ?? '{}') as Fill;

describe('the fill picker', () => {
  it('offers the picture’s edge colour first, then white, black and any colour, and the blurred picture', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('radio', { name: 'Solid colour' }));
    expect(fill()).toEqual({ kind: 'color', color: '#336699' });
    const swatches = screen.getAllByRole('button');
    expect(swatches.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Edge colour of the picture (#336699)',
      'White (#ffffff)',
      'Black (#000000)',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Black (#000000)' }));
    expect(fill()).toEqual({ kind: 'color', color: '#000000' });
    fireEvent.change(screen.getByLabelText('Any colour'), { target: { value: '#FF8800' } });
    expect(fill()).toEqual({ kind: 'color', color: '#ff8800' });
    fireEvent.click(screen.getByRole('radio', { name: 'Blurred picture' }));
    expect(fill()).toEqual({ kind: 'blur' });
  });

  it('never offers transparency where the platform or the file type refuses it, and says why', () => {
    const refusal = transparencyRefusal([{ opaque: true }], 'png');
    expect(refusal).toBe('This platform does not accept transparent pictures');
    expect(transparencyRefusal([{ opaque: false }], 'jpeg')).toBe('JPEG files cannot be transparent');
    expect(transparencyRefusal([{ opaque: false }], 'auto')).toBeNull();
    render(<Harness refused={refusal} />);
    expect(screen.getByRole('radio', { name: 'Transparent' })).toBeDisabled();
    expect(
      screen.getByText(/does not accept transparent pictures: where nothing else is chosen, it is white/),
    ).toBeInTheDocument();
  });
});
