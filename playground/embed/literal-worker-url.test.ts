import { describe, expect, it } from 'vitest'
import { toLiteralWorkerUrl } from './literal-worker-url.ts'

describe('toLiteralWorkerUrl', () => {
  it('turns the library build’s computed worker URL into the literal form bundlers build as a worker', () => {
    const built = 'this.client=nt(()=>new Worker(new URL(\n/* @vite-ignore */\nnew URL(`assets/agent-worker-Ce3_NLRM.js`,import.meta.url).href,``+import.meta.url),{type:`module`,name:`robota-agent`}))'
    expect(toLiteralWorkerUrl(built)).toBe('this.client=nt(()=>new Worker(new URL("./assets/agent-worker-Ce3_NLRM.js", import.meta.url),{type:`module`,name:`robota-agent`}))')
  })

  it('leaves text that only mentions a worker alone, and fails when no worker start is found', () => {
    const message = "createAgentClient(() => new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module' }))"
    expect(() => toLiteralWorkerUrl(message)).toThrow(/no longer starts its worker/)
  })
})
