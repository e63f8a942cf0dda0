// Stands in for `node:zlib` in the browser build of just-bash: the page has no zlib, so the
// shell's gzip, gunzip and zcat fail with this message instead of breaking the app's bundle.
const unavailable = () => {
  throw new Error('gzip is not available in the in-memory sandbox in a browser; use an E2B sandbox for compressed files.')
}

export const constants = {}
export const gzipSync = unavailable
export const gunzipSync = unavailable
export default { constants, gzipSync, gunzipSync }
