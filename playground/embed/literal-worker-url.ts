// Vite's library build starts the worker as
//   new Worker(new URL(/* @vite-ignore */ new URL(`assets/w.js`, import.meta.url).href, `` + import.meta.url), …)
// which runs as it is on a static page, but which no bundler recognises as a worker: an app that
// bundles `robota/embed` would copy the worker file alone, as an opaque asset, and its lazily
// imported chunks (the shell, git, the vendor adapters) would be missing.
const VITE_LIBRARY_WORKER_URL = /new Worker\(new URL\(\s*(?:\/\*\s*@vite-ignore\s*\*\/\s*)?new URL\(([`'"])(assets\/[^`'"]+\.js)\1,\s*import\.meta\.url\)\.href,\s*``\s*\+\s*import\.meta\.url\)/g

/**
 * Rewrites the embed module's worker start to the standard
 * `new Worker(new URL('./assets/w.js', import.meta.url), …)`, which Vite and webpack build as a
 * worker with its own chunks, and which still runs as it is on a static page.
 * @throws when the module starts no worker that way, so a change in Vite's output fails the build.
 */
export function toLiteralWorkerUrl(code: string): string {
  let found = 0
  const rewritten = code.replace(VITE_LIBRARY_WORKER_URL, (_match, _quote: string, path: string) => {
    found += 1
    return `new Worker(new URL(${JSON.stringify(`./${path}`)}, import.meta.url)`
  })
  if (found === 0) throw new Error('The embed module no longer starts its worker as Vite 8 library builds did; update toLiteralWorkerUrl.')
  return rewritten
}
