import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abortableFetch, raceAbort } from './hydration-abort.ts'

describe('abortableFetch', () => {
  let url = ''
  const server = createServer((request, response) => {
    if (request.url === '/moved') {
      response.writeHead(302, { location: '/file' })
      response.end()
    } else if (request.url === '/empty') {
      response.writeHead(204, { 'x-kind': 'empty' })
      response.end()
    } else {
      response.writeHead(200, { 'content-type': 'text/plain', 'x-kind': 'file' })
      response.end('the content')
    }
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('answers like fetch: status, headers, body and the URL after redirects', async () => {
    const response = await abortableFetch(fetch, new AbortController().signal)(`${url}/moved`)
    expect(response.status).toBe(200)
    expect(response.url).toBe(`${url}/file`)
    expect(response.headers.get('x-kind')).toBe('file')
    expect(await response.text()).toBe('the content')
  })

  it('passes a response without a body through', async () => {
    const response = await abortableFetch(fetch, new AbortController().signal)(`${url}/empty`)
    expect(response.status).toBe(204)
    expect(response.headers.get('x-kind')).toBe('empty')
  })

  it('refuses at once when the signal has already fired, and hands fetch the fired signal', async () => {
    let called = false
    const spy: typeof fetch = (input, init) => {
      called = init?.signal?.aborted === true
      return fetch(input, init)
    }
    await expect(abortableFetch(spy, AbortSignal.abort())(`${url}/file`)).rejects.toMatchObject({ name: 'AbortError', message: 'the hydration was aborted' })
    expect(called).toBe(true)
  })
})

describe('raceAbort', () => {
  it('keeps the work’s own failure when the signal never fires', async () => {
    await expect(raceAbort(Promise.reject(new Error('disk full')), new AbortController().signal)).rejects.toThrow('disk full')
  })
})
