import { NetworkError, ValidationError } from '../../core/errors.ts'
import { describeSchemaIssues, toSchemaIssues } from '../../storage/session-record-schema.ts'
import { describeFetchFailure, isBrowserEnvironment } from '../../tools/http/describe-fetch-failure.ts'
import { parseBundleArchive } from './bundle-archive.ts'
import type { BundlePluginInstaller, TInstalledPlugin } from './bundle-plugin-installer.ts'
import { BundlePluginLoader } from './bundle-plugin-loader.ts'
import type { TBundleFiles } from './loaded-bundle-plugin.ts'
import {
  marketplaceIndexSchema,
  matchesMarketplaceQuery,
  type TMarketplaceIndex,
  type TMarketplaceListing,
  type TMarketplaceQuery
} from './marketplace-index.ts'
import { describeError } from '../../core/describe-error.ts'

/** The Robota plugin marketplace, the source a client starts with unless given its own list. */
export const DEFAULT_MARKETPLACE_SOURCE = 'https://plugins.robota.dev/index.json'

const DEFAULT_TIMEOUT_MS = 15_000

/** How a marketplace client is set up. */
export type TMarketplaceClientOptions = {
  /** The sources it starts with; default `[DEFAULT_MARKETPLACE_SOURCE]`. `[]` starts with none. */
  sources?: readonly string[]
  /** The `fetch` to call; default the global one. */
  fetch?: typeof fetch
  /** Deadline of one download in milliseconds; default 15 s. */
  timeoutMs?: number
}

/** What a search found, and the sources that could not be read (each with why). */
export type TMarketplaceSearch = { plugins: TMarketplaceListing[]; failures: Array<{ source: string; message: string }> }

/**
 * Finds and installs bundle plugins from marketplace sources: JSON indexes at http(s) URLs.
 * Works wherever `fetch` does (Node, a page, a worker); a source a browser may not read (CORS) is
 * reported as such. Installs download the archive, check every file against the index's pins and
 * go through a `BundlePluginInstaller`.
 */
export class MarketplaceClient {
  private readonly sources: string[]
  private readonly fetch: typeof fetch
  private readonly timeoutMs: number

  constructor(options: TMarketplaceClientOptions = {}) {
    this.sources = []
    for (const source of options.sources ?? [DEFAULT_MARKETPLACE_SOURCE]) this.addSource(source)
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  /** The sources, in the order they were added. */
  listSources(): string[] {
    return [...this.sources]
  }

  /** @throws ValidationError when `url` is not an http(s) URL or is listed already. */
  addSource(url: string): void {
    const normalized = toSourceUrl(url)
    if (this.sources.includes(normalized)) throw new ValidationError(`The marketplace source ${normalized} is listed already.`, { details: { source: normalized } })
    this.sources.push(normalized)
  }

  /** @throws ValidationError when the source is not listed. */
  removeSource(url: string): void {
    const index = this.sources.indexOf(url)
    if (index < 0) throw new ValidationError(`No marketplace source ${url} is listed.`, { details: { source: url } })
    this.sources.splice(index, 1)
  }

  /**
   * Reads one source's index.
   * @throws NetworkError when it cannot be fetched, ValidationError when it is no index.
   */
  async readIndex(source: string): Promise<TMarketplaceIndex> {
    const text = await this.download(toSourceUrl(source), 'marketplace index')
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw new ValidationError(`The marketplace index at ${source} is not valid JSON.`, { details: { source }, cause: error })
    }
    const result = marketplaceIndexSchema.safeParse(value)
    if (!result.success) throw new ValidationError(`The marketplace index at ${source}: ${describeSchemaIssues(toSchemaIssues(result.error))}`, { details: { source } })
    return result.data
  }

  /**
   * Searches the sources (or the one named) by name, keyword and category. A source that cannot
   * be read does not stop the others; it is listed in `failures`.
   */
  async search(query: TMarketplaceQuery & { source?: string } = {}): Promise<TMarketplaceSearch> {
    const sources = query.source ? [toSourceUrl(query.source)] : this.sources
    const found = await Promise.all(
      sources.map(async (source) => {
        try {
          const index = await this.readIndex(source)
          return { plugins: index.plugins.filter((entry) => matchesMarketplaceQuery(entry, query)).map((entry) => ({ ...entry, source })), failures: [] }
        } catch (error) {
          return { plugins: [], failures: [{ source, message: describeError(error) }] }
        }
      })
    )
    return { plugins: found.flatMap((result) => result.plugins), failures: found.flatMap((result) => result.failures) }
  }

  /**
   * Downloads a listed bundle's files (not yet checked against its pins: the installer does that).
   * @throws ValidationError when the source does not list it, or the archive is not the bundle listed; NetworkError when it cannot be fetched.
   */
  async fetchBundle(name: string, source: string): Promise<{ listing: TMarketplaceListing; files: TBundleFiles }> {
    const index = await this.readIndex(source)
    const entry = index.plugins.find((candidate) => candidate.name === name)
    if (!entry) throw new ValidationError(`The marketplace ${source} lists no bundle "${name}".`, { details: { source, plugin: name } })
    const archiveUrl = new URL(entry.archive, toSourceUrl(source)).href
    const files = parseBundleArchive(await this.download(archiveUrl, `bundle "${name}"`), archiveUrl)
    return { listing: { ...entry, source }, files }
  }

  /**
   * Installs a listed bundle through `installer`: downloaded, checked file by file against the
   * index's pins, validated whole, then written.
   * @throws as `fetchBundle` and `BundlePluginInstaller.install` do; nothing is installed then.
   */
  async install(name: string, installer: BundlePluginInstaller, options: { source?: string } = {}): Promise<TInstalledPlugin> {
    const source = options.source ?? (await this.findSource(name))
    const { listing, files } = await this.fetchBundle(name, source)
    const { manifest } = await new BundlePluginLoader().load(files, `the archive of "${name}"`)
    if (manifest.name !== listing.name || manifest.version !== listing.version) {
      throw new ValidationError(
        `The archive of "${listing.name}" ${listing.version} at ${source} holds "${manifest.name}" ${manifest.version}; nothing was installed.`,
        { details: { source, plugin: listing.name } }
      )
    }
    const pins = Object.fromEntries(Object.entries(listing.sha256).map(([path, hash]) => [path, hash.toLowerCase()]))
    return installer.install(files, { source, pins })
  }

  private async findSource(name: string): Promise<string> {
    const { plugins, failures } = await this.search()
    const listing = plugins.find((candidate) => candidate.name === name)
    if (listing) return listing.source
    const unread = failures.length > 0 ? ` (${failures.length} source${failures.length === 1 ? '' : 's'} could not be read: ${failures.map((failure) => failure.message).join('; ')})` : ''
    throw new ValidationError(`No marketplace source lists a bundle "${name}"${unread}.`, { details: { plugin: name } })
  }

  private async download(url: string, what: string): Promise<string> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), this.timeoutMs)
    try {
      const response = await this.fetch(url, { signal: controller.signal })
      if (!response.ok) throw new NetworkError(`The ${what} at ${url} answered HTTP ${response.status}.`, { details: { url, status: response.status } })
      return await response.text()
    } catch (error) {
      if (error instanceof NetworkError) throw error
      const message = describeFetchFailure(error, { url, timeoutMs: this.timeoutMs, timedOut: controller.signal.aborted, aborted: false, inBrowser: isBrowserEnvironment() })
      throw new NetworkError(`Could not read the ${what}: ${message}`, { details: { url }, cause: error })
    } finally {
      clearTimeout(timer)
    }
  }
}

function toSourceUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ValidationError(`A marketplace source is an http(s) URL; got "${url}".`, { details: { source: url } })
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ValidationError(`A marketplace source is an http(s) URL; got "${url}".`, { details: { source: url } })
  }
  return parsed.href
}
