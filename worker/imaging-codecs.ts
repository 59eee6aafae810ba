/** The engine's codecs for this environment (worker/imaging/wasm/, docs/engine.md): the routes' name for them. */
export { codecs as workerCodecs } from './imaging';
