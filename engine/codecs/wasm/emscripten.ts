/**
 * Options for a jSquash (Emscripten) codec factory: a fresh instance of the precompiled module, so
 * each encode has its own heap and lets it go afterwards (the heap only grows while it lives).
 */
export function freshInstance(module: WebAssembly.Module) {
  return {
    noInitialRun: true,
    // The codec's own messages on stderr are not ours to log.
    print: () => undefined,
    printErr: () => undefined,
    instantiateWasm: (imports: WebAssembly.Imports, callback: (instance: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(module, imports);
      callback(instance);
      return instance.exports;
    },
  };
}
