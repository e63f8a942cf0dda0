import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callTool } from './tool-sandbox.fixtures.ts'
import { createWebFetchTool } from './web-fetch-tool.ts'

let server: Server
let base: string
let closedPort: number

beforeAll(async () => {
  server = createServer((request, response) => {
    switch (request.url) {
      case '/page':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end('<html><head><title>Docs</title></head><body><h2>Intro</h2><p>Héllo <a href="/next">next</a></p></body></html>')
        return
      case '/latin1':
        response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
        response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]))
        return
      case '/redirect':
        response.writeHead(302, { location: '/page' }).end()
        return
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>')
        return
      case '/image':
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))
        return
      case '/untyped-binary':
        response.writeHead(200).end(Buffer.from([1, 2, 0, 3, 4]))
        return
      case '/huge':
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.write('a'.repeat(600))
        response.end('b'.repeat(600))
        return
      case '/slow':
        setTimeout(() => response.writeHead(200).end('late'), 2000)
        return
      default:
        response.writeHead(500).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const spare = createServer()
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve))
  closedPort = (spare.address() as AddressInfo).port
  await new Promise((resolve) => spare.close(resolve))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('WebFetch', () => {
  it('returns an HTML page as readable text under a header', async () => {
    const { result, data } = await callTool(createWebFetchTool(), { url: `${base}/page` })
    expect(result.success).toBe(true)
    expect(data.output).toBe(
      [`URL: ${base}/page`, 'Status: 200', 'Content-Type: text/html; charset=utf-8', '', '# Docs', '', '## Intro', '', `Héllo next (${base}/next)`].join('\n')
    )
  })

  it('follows redirects and reports the final URL', async () => {
    const { data } = await callTool(createWebFetchTool(), { url: `${base}/redirect` })
    expect(data.output.split('\n')[0]).toBe(`URL: ${base}/page`)
  })

  it('decodes the charset the server names', async () => {
    const { data } = await callTool(createWebFetchTool(), { url: `${base}/latin1` })
    expect(data.output.endsWith('\n\ncafé')).toBe(true)
  })

  it('returns an error status as a failed result that still carries the page', async () => {
    const { result, data } = await callTool(createWebFetchTool(), { url: `${base}/missing` })
    expect(result.success).toBe(false)
    expect(result.error).toBe(`HTTP 404 Not Found from ${base}/missing`)
    expect(data.output).toContain('# Not here')
  })

  it.each(['/image', '/untyped-binary'])('refuses binary content at %s', async (path) => {
    const { result } = await callTool(createWebFetchTool(), { url: `${base}${path}` })
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/not text|binary content/)
  })

  it('cuts the download at the byte cap and says so', async () => {
    const { data } = await callTool(createWebFetchTool({ maxBytes: 1000 }), { url: `${base}/huge` })
    expect(data.output).toContain('(the response was cut at 1000 bytes)')
    expect(data.output.endsWith(`\n\n${'a'.repeat(600)}${'b'.repeat(400)}`)).toBe(true)
  })

  it('times out', async () => {
    const { result } = await callTool(createWebFetchTool({ timeoutMs: 100 }), { url: `${base}/slow` })
    expect(result.error).toBe(`Request to ${base}/slow timed out after 0.1 s.`)
  })

  it('stops when the run is aborted', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const { result } = await callTool(createWebFetchTool(), { url: `${base}/slow` }, { signal: controller.signal })
    expect(result.error).toBe(`Request to ${base}/slow was interrupted.`)
  })

  it('explains a request the browser blocked as probably CORS', async () => {
    vi.stubGlobal('document', {})
    const blocked: typeof fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    const { result } = await callTool(createWebFetchTool({ fetch: blocked }), { url: 'https://no-cors.example/' })
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/^Could not fetch https:\/\/no-cors\.example\/ \(Failed to fetch\)\. In a browser this usually means the server does not allow cross-origin requests \(CORS/)
  })

  it('names the cause of a network failure outside the browser', async () => {
    const url = `http://127.0.0.1:${closedPort}/`
    const { result } = await callTool(createWebFetchTool(), { url })
    expect(result.error).toMatch(new RegExp(`^Could not fetch ${url.replaceAll('.', '\\.')}: fetch failed: .*ECONNREFUSED`))
  })
})
