/** A fixture imported as a base64 data URL (vite's `?inline`), for tests that need a photo's bytes. */
declare module '*.png?inline' {
  const url: string;
  export default url;
}
declare module '*.jpg?inline' {
  const url: string;
  export default url;
}
