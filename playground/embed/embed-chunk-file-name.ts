// Vite names its stand-in for a Node module that a browser build leaves out `__vite-browser-external`,
// and the chunk that holds it after it. The dev server of Vite 7 and earlier, serving the embed's
// files from an app's node_modules, takes any path with that name for its own stand-in, whose
// exports throw when read: the shell's chunk, which imports it, would then fail to load.
const VITE_BROWSER_EXTERNAL = '__vite-browser-external'

/** The file name, in `assets/`, of a chunk of the embed's build (the element's or its worker's). */
export function embedChunkFileName(chunk: { name: string }): string {
  return chunk.name.includes(VITE_BROWSER_EXTERNAL) ? 'assets/browser-external-[hash].js' : 'assets/[name]-[hash].js'
}
