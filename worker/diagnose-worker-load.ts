/** Fetches one file as the browser would for the worker; `fetch` by default. */
export type TFetchFile = (url: string) => Promise<Response>

// `import x from "./a.js"`, `import "./a.js"`, `export * from "./a.js"`: static imports and
// re-exports, which load before the worker's code runs (dynamic `import()` calls do not).
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+)["']/g
const JAVASCRIPT_TYPE = /javascript|ecmascript/i
// Enough for any bundle's start; an unbundled tree deeper than this is not walked to the end.
const MAX_MODULES = 100

/**
 * Says why a module worker could not start, by loading its script and its static imports the way
 * the browser did: the first file that is not served (HTTP status), is served as something other
 * than JavaScript (an HTML fallback page, say), or is imported by a bare name no bundler resolved.
 */
export async function diagnoseWorkerLoad(scriptUrl: string, fetchFile: TFetchFile = (url) => fetch(url)): Promise<string> {
  const importers = new Map<string, string>()
  const queue = [scriptUrl]
  const seen = new Set(queue)
  for (let module = queue.shift(); module !== undefined && seen.size <= MAX_MODULES; module = queue.shift()) {
    const where = module === scriptUrl ? `its script ${scriptUrl}` : `${importers.get(module)} imports ${module}, which`
    let response: Response
    try {
      response = await fetchFile(module)
    } catch (error) {
      return `${where} could not be fetched: ${error instanceof Error ? error.message : String(error)}`
    }
    if (!response.ok) return `${where} could not be loaded: HTTP ${response.status}`
    const type = response.headers.get('content-type') ?? 'no content type'
    if (!JAVASCRIPT_TYPE.test(type)) return `${where} is served as ${type}, not JavaScript`
    for (const [, specifier = ''] of (await response.text()).matchAll(STATIC_IMPORT)) {
      if (!/^(\.{0,2}\/|[a-z][a-z\d+.-]*:)/i.test(specifier)) {
        return `${module} imports "${specifier}", a bare module name a browser cannot resolve: build the worker with the app's bundler`
      }
      const imported = new URL(specifier, module).href
      if (seen.has(imported)) continue
      seen.add(imported)
      importers.set(imported, module)
      queue.push(imported)
    }
  }
  return `its script ${scriptUrl} and its imports load, so one of them failed as it ran (the browser's console names it)`
}
