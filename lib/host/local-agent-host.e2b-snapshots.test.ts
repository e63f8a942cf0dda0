import { describe, expect, it } from 'vitest'
import { createFakeCloud, createSeededSandbox } from '../../sandbox/e2b/e2b-fake-cloud.fixtures.ts'
import { E2BSandboxClient } from '../../sandbox/e2b/index.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { LocalAgentHost } from './local-agent-host.ts'

// Each cloud snapshot of an E2B sandbox is a billed `createSnapshot()` call: a turn takes at most
// one, however many of its rounds wrote, and none when nothing could have changed the sandbox.

const write = (path: string) => ({ toolCalls: [{ name: 'Write', arguments: { filePath: path, content: `${path}\n` } }] })
const read = (path: string) => ({ toolCalls: [{ name: 'Read', arguments: { filePath: path } }] })

async function makeHost(steps: TScriptedStepSource[]) {
  const cloud = createFakeCloud()
  const sandbox = new E2BSandboxClient(await createSeededSandbox(cloud, { 'README.md': '# Demo\n' }), { sandboxClass: cloud })
  const store = new MemorySessionStore()
  const host = new LocalAgentHost({
    store,
    createSandbox: () => sandbox,
    createProvider: () => new ScriptedProvider(steps),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    workspaceRoot: '/home/user',
    permissionMode: 'bypassPermissions'
  })
  return { cloud, host, store }
}

describe('LocalAgentHost over E2B: snapshots per turn', () => {
  it('takes one cloud snapshot for a turn of three writing rounds, and its results and files resume together', async () => {
    const { cloud, host, store } = await makeHost([write('/home/user/a.txt'), write('/home/user/b.txt'), write('/home/user/c.txt'), { text: 'Wrote three.' }])
    const session = await host.createSession()
    const before = cloud.snapshotCount
    await host.submit(session.id, 'write three files')
    expect(cloud.snapshotCount - before).toBe(1)

    const snapshot = await store.loadSandboxSnapshot(session.id)
    const restored = new E2BSandboxClient(await cloud.create(String(snapshot)), { sandboxClass: cloud })
    expect(await restored.readFile('/home/user/c.txt')).toBe('/home/user/c.txt\n')
    expect((await store.loadSession(session.id))?.messages).toHaveLength(8)
  })

  it('takes none for a turn whose tools only read, nor for one without tools, once the sandbox was captured', async () => {
    const { cloud, host } = await makeHost([write('/home/user/notes.md'), { text: 'Noted.' }, read('/home/user/notes.md'), { text: 'It says notes.' }, { text: 'Nothing to do.' }])
    const session = await host.createSession()
    const before = cloud.snapshotCount
    await host.submit(session.id, 'take a note')
    expect(cloud.snapshotCount - before).toBe(1)
    await host.submit(session.id, 'what does it say?')
    await host.submit(session.id, 'anything else?')
    expect(cloud.snapshotCount - before).toBe(1)
  })
})
