import { sha256Text } from '../storage/sha256-text.ts'
import { toBundleArchive } from '../session/plugins/bundle-archive.ts'
import { answerPreflight, CORS_HEADERS, sendJson } from './cors-responses.ts'
import { loadNodeHttp } from './load-node-http.ts'

/** One bundle a marketplace server lists. */
export type TServedBundle = {
  /** The bundle's files; its plugin.json gives the listing's name, version, description and keywords. */
  files: Record<string, string>
  category?: string
  /** Served in the archive instead of `files`, while the index keeps the pins of `files`: a tampered download. */
  archiveFiles?: Record<string, string>
}

/** A marketplace source on 127.0.0.1: an index at `indexUrl` and one archive per bundle. */
export type TPluginMarketplaceServer = {
  /** The index's URL: the marketplace source to add. */
  indexUrl: string
  url: string
  /** Paths requested so far, in order. */
  requests: string[]
  close(): Promise<void>
}

/**
 * Serves a plugin marketplace over HTTP, with CORS so a page or worker can read it: `GET
 * /index.json` lists each bundle with its archive and the SHA-256 of every file, and `GET
 * /bundles/<name>.json` is the archive. Anything else is a 404.
 */
export async function startPluginMarketplaceServer(bundles: readonly TServedBundle[]): Promise<TPluginMarketplaceServer> {
  const requests: string[] = []
  const archives = new Map<string, string>()
  const plugins = bundles.map((bundle) => {
    const manifest = JSON.parse(bundle.files['plugin.json'] ?? '{}') as { name: string; version: string; description: string; author?: unknown; keywords?: string[] }
    archives.set(`/bundles/${manifest.name}.json`, toBundleArchive(bundle.archiveFiles ?? bundle.files))
    return {
      name: manifest.name,
      version: manifest.version,
      description: manifest.description,
      ...(typeof manifest.author === 'string' ? { author: manifest.author } : {}),
      keywords: manifest.keywords ?? [],
      ...(bundle.category ? { category: bundle.category } : {}),
      archive: `bundles/${manifest.name}.json`,
      sha256: Object.fromEntries(Object.entries(bundle.files).map(([path, text]) => [path, sha256Text(text)]))
    }
  })
  const { createServer } = await loadNodeHttp()
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    requests.push(path)
    if (request.method === 'OPTIONS') return answerPreflight(request, response, 'GET, OPTIONS')
    if (path === '/index.json') return sendJson(response, 200, { name: 'Local marketplace', plugins })
    const archive = archives.get(path)
    if (archive === undefined) return sendJson(response, 404, { error: `nothing at ${path}` })
    response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/json' })
    response.end(archive)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    indexUrl: `${url}/index.json`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
