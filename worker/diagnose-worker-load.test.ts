import { describe, expect, it } from 'vitest'
import { diagnoseWorkerLoad } from './diagnose-worker-load.ts'

const ORIGIN = 'http://127.0.0.1:8080'

/** A static host serving these files (path → body) as JavaScript, everything else as 404, like a misdeployed app. */
function host(files: Record<string, string | { body: string; type: string }>) {
  const fetched: string[] = []
  const fetchFile = async (url: string): Promise<Response> => {
    fetched.push(url)
    const file = files[new URL(url).pathname]
    if (file === undefined) return new Response('not found', { status: 404 })
    const { body, type } = typeof file === 'string' ? { body: file, type: 'text/javascript' } : file
    return new Response(body, { headers: { 'content-type': type } })
  }
  return { fetchFile, fetched }
}

describe('diagnoseWorkerLoad', () => {
  it('names the worker script when it is not served', async () => {
    const { fetchFile } = host({})
    expect(await diagnoseWorkerLoad(`${ORIGIN}/assets/agent.worker.js`, fetchFile)).toBe(`its script ${ORIGIN}/assets/agent.worker.js could not be loaded: HTTP 404`)
  })

  it('names a script served as the app’s HTML fallback page', async () => {
    const { fetchFile } = host({ '/agent.worker.js': { body: '<!doctype html>', type: 'text/html; charset=utf-8' } })
    expect(await diagnoseWorkerLoad(`${ORIGIN}/agent.worker.js`, fetchFile)).toBe(`its script ${ORIGIN}/agent.worker.js is served as text/html; charset=utf-8, not JavaScript`)
  })

  it('names the static import that failed, and which file imports it, following the imports of the imports', async () => {
    const { fetchFile, fetched } = host({
      '/assets/worker.js': 'import{a as b}from"./chunk-a.js";import"./chunk-b.js";const later=()=>import("./lazy.js");',
      '/assets/chunk-a.js': 'export*from"./chunk-c.js";export const a=1',
      '/assets/chunk-b.js': 'self.b=2'
    })
    expect(await diagnoseWorkerLoad(`${ORIGIN}/assets/worker.js`, fetchFile)).toBe(`${ORIGIN}/assets/chunk-a.js imports ${ORIGIN}/assets/chunk-c.js, which could not be loaded: HTTP 404`)
    // A dynamic import loads on first use, not at start: it is not what stopped the worker.
    expect(fetched).not.toContain(`${ORIGIN}/assets/lazy.js`)
  })

  it('names a bare import: the worker was served without being bundled', async () => {
    const { fetchFile } = host({ '/agent.worker.js': "import { exposeAgentHost } from 'robota/worker'\nexposeAgentHost({})" })
    expect(await diagnoseWorkerLoad(`${ORIGIN}/agent.worker.js`, fetchFile)).toBe(`${ORIGIN}/agent.worker.js imports "robota/worker", a bare module name a browser cannot resolve: build the worker with the app's bundler`)
  })

  it('says the files load when they do, so the failure was in running them', async () => {
    const { fetchFile } = host({ '/worker.js': 'import "./a.js"', '/a.js': 'throw new Error("boom")' })
    expect(await diagnoseWorkerLoad(`${ORIGIN}/worker.js`, fetchFile)).toMatch(/^its script .*\/worker\.js and its imports load, so one of them failed as it ran/)
  })

  it('passes on a network failure', async () => {
    const offline = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch')
    }
    expect(await diagnoseWorkerLoad(`${ORIGIN}/worker.js`, offline)).toBe(`its script ${ORIGIN}/worker.js could not be fetched: Failed to fetch`)
  })
})
