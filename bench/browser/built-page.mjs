// The browser companions' page: one entry built with vite (its worker chunks included) and served
// from a loopback port, so Chromium loads it as it would a deployed page.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { build, loadConfigFromFile } from 'vite'

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' }

/**
 * Builds `entry` (a path under `root`) into `outDir` and returns the HTML page that loads it, with
 * its stylesheets and `bodyHtml` before the script.
 */
export async function buildBenchPage({ root, outDir, entry, plugins = [], bodyHtml = '' }) {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    plugins,
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      chunkSizeWarningLimit: 4000,
      rolldownOptions: { input: { page: entry }, output: { entryFileNames: '[name].js' } }
    }
  })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'))
  const built = Object.values(manifest).find((chunk) => chunk.isEntry)
  const styles = (built.css ?? []).map((href) => `<link rel="stylesheet" href="/${href}">`).join('')
  return `<!doctype html><html><head><meta charset="utf-8">${styles}</head><body>${bodyHtml}<script type="module" src="/${built.file}"></script></body></html>`
}

/**
 * The project's plugin named `name` from its `vite.config.ts`, for a bench page that builds the
 * playground's code (which imports modules such a plugin provides, like the shared run viewer).
 */
export async function projectVitePlugin(root, name) {
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, join(root, 'vite.config.ts'), root, 'silent')
  const plugin = (loaded?.config.plugins ?? []).flat().find((candidate) => candidate?.name === name)
  if (!plugin) throw new Error(`vite.config.ts has no plugin named ${name}.`)
  return plugin
}

/** Serves `html` at `/` and the files of `outDir` beside it on 127.0.0.1; resolves with the listening server. */
export function serveBenchPage(outDir, html) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname))
    if (path === '/' || path === '/index.html') return response.writeHead(200, { 'content-type': 'text/html' }).end(html)
    try {
      const body = readFileSync(join(outDir, path))
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}
