import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemoryPluginFileStore } from '../../storage/memory-plugin-file-store.ts'
import { startPluginMarketplaceServer, type TPluginMarketplaceServer } from '../../testing/plugin-marketplace-server.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { BundlePluginInstaller } from './bundle-plugin-installer.ts'
import { reviewKitBundle } from './bundle.fixtures.ts'
import { DEFAULT_MARKETPLACE_SOURCE, MarketplaceClient } from './marketplace-client.ts'

const manifest = (name: string, extra: Record<string, unknown> = {}) => JSON.stringify({ name, version: '1.0.0', description: `The ${name} bundle`, author: 'Ada', ...extra })
const testKit = { 'plugin.json': manifest('test-kit', { keywords: ['testing'] }), 'commands/flaky.md': 'Find flaky tests in $ARGUMENTS.' }
let server: TPluginMarketplaceServer
let other: TPluginMarketplaceServer
let refusals = 0

beforeAll(async () => {
  server = await startPluginMarketplaceServer([
    { files: reviewKitBundle(), category: 'review' },
    { files: testKit, category: 'testing' },
    { files: { 'plugin.json': manifest('tampered') }, archiveFiles: { 'plugin.json': manifest('tampered', { description: 'Not what was pinned' }) } },
    { files: { 'plugin.json': manifest('imposter') }, archiveFiles: { 'plugin.json': manifest('imposter', { version: '9.9.9' }) } }
  ])
  other = await startPluginMarketplaceServer([{ files: { 'plugin.json': manifest('docs-kit', { keywords: ['docs'] }) }, category: 'docs' }])
})

afterAll(async () => {
  recordSuiteTotal('marketplace client', 'badInputs', refusals)
  await Promise.all([server.close(), other.close()])
})

const client = () => new MarketplaceClient({ sources: [server.indexUrl, other.indexUrl] })

describe('MarketplaceClient', () => {
  it('starts with the default source, which a list of its own replaces; adds and removes sources', () => {
    expect(new MarketplaceClient().listSources()).toEqual([DEFAULT_MARKETPLACE_SOURCE])
    const marketplace = new MarketplaceClient({ sources: [] })
    marketplace.addSource(server.indexUrl)
    expect(marketplace.listSources()).toEqual([server.indexUrl])
    expect(() => marketplace.addSource(server.indexUrl)).toThrow(/listed already/)
    expect(() => marketplace.addSource('ftp://example.org/index.json')).toThrow(/http\(s\) URL/)
    expect(() => marketplace.addSource('not a url')).toThrow(/http\(s\) URL/)
    expect(() => marketplace.removeSource('http://127.0.0.1:1/none.json')).toThrow(/No marketplace source/)
    marketplace.removeSource(server.indexUrl)
    expect(marketplace.listSources()).toEqual([])
    refusals += 4
  })

  it('searches every source by words, keyword and category', async () => {
    const names = async (query: Parameters<MarketplaceClient['search']>[0]) => (await client().search(query)).plugins.map((plugin) => plugin.name)
    expect(await names({})).toEqual(['review-kit', 'test-kit', 'tampered', 'imposter', 'docs-kit'])
    expect(await names({ text: 'code REVIEW' })).toEqual(['review-kit'])
    expect(await names({ keyword: 'docs' })).toEqual(['docs-kit'])
    expect(await names({ category: 'testing' })).toEqual(['test-kit'])
    expect(await names({ text: 'bundle', source: other.indexUrl })).toEqual(['docs-kit'])
    const [listing] = (await client().search({ text: 'review' })).plugins
    expect(listing).toMatchObject({ source: server.indexUrl, version: '1.2.0', archive: 'bundles/review-kit.json', category: 'review' })
  })

  it('installs a bundle from its source: downloaded, every pin checked, recorded with its source', async () => {
    const store = new MemoryPluginFileStore()
    const installer = new BundlePluginInstaller(store, 'user')
    const installed = await client().install('review-kit', installer)
    expect(installed).toMatchObject({ name: 'review-kit', version: '1.2.0', source: server.indexUrl, enabled: true })
    expect(await store.read('review-kit/commands/audit.md')).toBe(reviewKitBundle()['commands/audit.md'])
    expect((await installer.loadEnabled()).plugins.map((plugin) => plugin.manifest.name)).toEqual(['review-kit'])
    expect(server.requests).toContain('/bundles/review-kit.json')
  })

  it('refuses an archive that does not match the index’s pins, installing nothing', async () => {
    const store = new MemoryPluginFileStore()
    await expect(client().install('tampered', new BundlePluginInstaller(store, 'user'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/does not match its pins.*plugin\.json has SHA-256/)
    })
    expect(await store.list('')).toEqual([])
    refusals += 1
  })

  it('refuses an archive holding another version than the index lists', async () => {
    const store = new MemoryPluginFileStore()
    await expect(client().install('imposter', new BundlePluginInstaller(store, 'user'))).rejects.toThrow(/holds "imposter" 9\.9\.9; nothing was installed/)
    expect(await store.list('')).toEqual([])
    refusals += 1
  })

  it('refuses a bundle no source lists, and one already installed', async () => {
    const installer = new BundlePluginInstaller(new MemoryPluginFileStore(), 'user')
    await expect(client().install('nothing-here', installer)).rejects.toThrow(/No marketplace source lists a bundle "nothing-here"/)
    await client().install('test-kit', installer)
    await expect(client().install('test-kit', installer)).rejects.toThrow(/already installed/)
    refusals += 2
  })

  it('reports an unreachable source with a network error and keeps searching the others', async () => {
    const marketplace = new MarketplaceClient({ sources: ['http://127.0.0.1:9/index.json', other.indexUrl] })
    const found = await marketplace.search({})
    expect(found.plugins.map((plugin) => plugin.name)).toEqual(['docs-kit'])
    expect(found.failures).toEqual([{ source: 'http://127.0.0.1:9/index.json', message: expect.stringMatching(/Could not read the marketplace index: Could not fetch http:\/\/127\.0\.0\.1:9\/index\.json/) }])
    await expect(marketplace.readIndex('http://127.0.0.1:9/index.json')).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    const store = new MemoryPluginFileStore()
    await expect(marketplace.install('docs-kit', new BundlePluginInstaller(store, 'user'), { source: 'http://127.0.0.1:9/index.json' })).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
    expect(await store.list('')).toEqual([])
    refusals += 3
  })

  it('refuses a source that answers with an error status or no index', async () => {
    await expect(new MarketplaceClient({ sources: [] }).readIndex(`${server.url}/missing.json`)).rejects.toThrow(/answered HTTP 404/)
    const broken = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ plugins: [{ name: 'Bad Name', version: '1', description: '', archive: 'x', sha256: {} }] }))
    })
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve))
    const address = broken.address()
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/index.json`
    try {
      await expect(new MarketplaceClient({ sources: [] }).readIndex(url)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/plugins\[0\]\.name/) })
    } finally {
      broken.close()
      broken.closeAllConnections()
    }
    refusals += 2
  })
})
