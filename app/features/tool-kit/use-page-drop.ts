import { useEffect, useEffectEvent } from 'react';

/**
 * While the caller is shown, an image pasted (Ctrl/Cmd+V) or dropped anywhere on the page is taken
 * as if chosen there; a drop zone's own drop comes first and marks the event handled.
 */
export function usePageDrop(take: (file: File) => void) {
  const onFile = useEffectEvent(take);
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      const image = files.find((f) => f.type.startsWith('image/')) ?? files[0];
      if (!image) return; // pasted text goes where it was pasted
      event.preventDefault();
      onFile(image);
    };
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDropAnywhere = (event: DragEvent) => {
      const first = event.dataTransfer?.files[0];
      if (event.defaultPrevented || !first) return;
      event.preventDefault();
      onFile(first);
    };
    window.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDropAnywhere);
    return () => {
      window.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDropAnywhere);
    };
  }, []);
}
