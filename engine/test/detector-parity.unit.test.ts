/**
 * Our executor against ONNX Runtime: both detector networks run on the committed input tensors of
 * test/fixtures/detector, and every element of every graph output matches ORT's within 1e-4
 * absolute (measured with onnxruntime-node 1.30.0: at most 2.5e-6 for YuNet, 1.6e-5 for PP-OCR;
 * ORT's own default and unoptimised graphs differ by 1.7e-6 and 8.4e-6). The outputs are
 * sigmoids and box offsets of a few units, so an absolute bound holds where a relative one would
 * fail on scores near zero. The references are made by engine/scripts/detector-references.ts.
 */
import { describe, expect, it } from 'vitest';
import { textOnnx, yunetOnnx } from '#detect-models';
import { Network } from '../detect/executor';
import { readTensorFile } from './tensor-file';

const TOLERANCE = 1e-4;

const cases = [
  { model: 'YuNet', bytes: yunetOnnx, file: 'yunet-obama-biden-pair.bin' },
  { model: 'PP-OCRv4 text detector', bytes: textOnnx, file: 'ppocr-det-captioned-coffee.bin' },
];

describe('detector networks match ONNX Runtime', () => {
  for (const { model, bytes, file } of cases)
    it(`${model} on ${file}`, () => {
      const { tensors } = readTensorFile(new URL(`../../test/fixtures/detector/${file}`, import.meta.url));
      const input = tensors.find((t) => t.role === 'input')!;
      const references = tensors.filter((t) => t.role === 'output');
      const outputs = new Network(bytes).run({ shape: input.shape, data: input.data });
      expect([...outputs.keys()]).toEqual(references.map((t) => t.name));
      for (const reference of references) {
        const output = outputs.get(reference.name)!;
        expect(output.shape, `${reference.name}'s shape`).toEqual(reference.shape);
        // The element furthest from ORT's (NaN counts as furthest).
        let worst = -1;
        let worstDifference = 0;
        for (let i = 0; i < reference.data.length; i++) {
          const difference = Math.abs(output.data[i]! - reference.data[i]!);
          if (!(difference <= worstDifference)) {
            worst = i;
            worstDifference = Number.isNaN(difference) ? Infinity : difference;
          }
        }
        if (worstDifference > TOLERANCE)
          expect.fail(
            `${model}: ${reference.name}[${worst}] is ${output.data[worst]}, ONNX Runtime's is ${reference.data[worst]} (difference ${worstDifference}, bound ${TOLERANCE})`,
          );
      }
    });
});
