/** `#imaging-kernels`: the compiled kernels module (module.workerd.ts in workerd, module.node.ts in Node). */
declare const kernels: WebAssembly.Module;
export default kernels;
