/**
 * An upload's body read once and its file taken as a view of it (worker/services/uploads/upload-body.ts):
 * the same bytes the runtime's own multipart parser finds, in workerd, for bodies as the runtime
 * writes them, and the same name with the HTML standard's escapes read back, whatever the file is
 * called; and the parts a body may lack or garble.
 */
import { describe, expect, it } from 'vitest';
import { boundaryOf, filePart, readBody } from '../../worker/services/uploads/upload-body';

const NAMES = [
  'photo.jpg',
  'Été à la Plage!.PNG',
  'quote"d.jpg',
  'semi;colon; name="x".png',
  'tab\tand%0Aescape.webp',
  'back\\slash.jpg',
  '%22already%22.jpg',
  '😀 写真.jpeg',
  ' spaced  .png',
  'filename=trick.jpg',
];

/** A body as the runtime writes a form with `fields`, and its Content-Type. */
async function multipart(fields: Array<[string, string | File]>): Promise<{ bytes: Uint8Array; type: string }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const res = new Response(form);
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('Content-Type')! };
}

describe('the file part of an upload body', () => {
  it('is what the runtime parser finds, name and bytes, and a view of the body, not a copy', async () => {
    // Bytes of every value, CR LF and dashes among them, as a file holds.
    const content = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251);
    for (const name of NAMES) {
      const { bytes, type } = await multipart([
        ['before', 'a field first'],
        ['image', new File([content], name)],
        ['after', 'and one after'],
      ]);
      const native = (await new Response(bytes, { headers: { 'Content-Type': type } }).formData()).get('image') as File;
      const ours = filePart(bytes, boundaryOf(type)!, 'image');
      if (typeof ours === 'string') throw new Error(`${name}: ${ours}`);
      // The runtime leaves the HTML standard's escapes of '"', CR and LF as it got them; the name
      // is read as the person typed it here.
      expect(ours.name, name).toBe(native.name.replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n'));
      expect(ours.bytes, name).toEqual(new Uint8Array(await native.arrayBuffer()));
      expect(ours.bytes.buffer, name).toBe(bytes.buffer);
    }
  });

  it('says what is missing or unreadable', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png');
    const missing = await multipart([['other', file]]);
    expect(filePart(missing.bytes, boundaryOf(missing.type)!, 'image')).toBe('missing');
    const text = await multipart([['image', 'not a file']]);
    expect(filePart(text.bytes, boundaryOf(text.type)!, 'image')).toBe('not-a-file');
    const whole = await multipart([['image', file]]);
    const cut = whole.bytes.subarray(0, whole.bytes.length - 20);
    expect(filePart(cut, boundaryOf(whole.type)!, 'image')).toBe('unreadable');
    expect(filePart(whole.bytes, 'another-boundary', 'image')).toBe('unreadable');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="quoted b"')).toBe('quoted b');
  });

  it('reads a body into the room made for it, and no further', async () => {
    const body = () => new Response(new Uint8Array(1000)).body!;
    expect((await readBody(body(), 1000))?.length).toBe(1000);
    expect((await readBody(body(), 4000))?.length).toBe(1000);
    expect(await readBody(body(), 999)).toBeNull();
  });
});
