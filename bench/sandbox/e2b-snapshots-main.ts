import { createFakeCloud, createSeededSandbox } from '../../sandbox/e2b/e2b-fake-cloud.fixtures.ts'
import { E2BSandboxClient } from '../../sandbox/e2b/index.ts'
import { LocalAgentHost } from '../../lib/host/local-agent-host.ts'
import { MemorySessionStore } from '../../lib/storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../../lib/testing/scripted-provider.ts'

// Runs in Node: sessions over E2B (the fake E2B cloud, behind the real adapter) through the
// host, counting the cloud's `createSnapshot()` calls per turn. Prints one JSON line.

const write = (path: string) => ({ toolCalls: [{ name: 'Write', arguments: { filePath: path, content: `${path}\n` } }] })
const read = (path: string) => ({ toolCalls: [{ name: 'Read', arguments: { filePath: path } }] })
const shell = (command: string) => ({ toolCalls: [{ name: 'Bash', arguments: { command } }] })

/** The turns measured: how many rounds wrote, and the steps the model takes. */
const TURNS: Array<{ name: string; steps: TScriptedStepSource[] }> = [
  { name: 'three writing rounds', steps: [write('/home/user/a.txt'), write('/home/user/b.txt'), write('/home/user/c.txt'), { text: 'Wrote three.' }] },
  { name: 'a write and a command', steps: [write('/home/user/d.txt'), shell('wc -l d.txt'), { text: 'Counted.' }] },
  { name: 'reads only', steps: [read('/home/user/a.txt'), read('/home/user/b.txt'), { text: 'Read two.' }] },
  { name: 'no tools', steps: [{ text: 'Nothing to do.' }] }
]

/** Snapshots each turn took, the turns run in order in one session. */
async function snapshotsPerTurn(snapshotCost: 'billed' | 'local'): Promise<number[]> {
  const cloud = createFakeCloud()
  const sandbox = new E2BSandboxClient(await createSeededSandbox(cloud, { 'README.md': '# Bench\n' }), { sandboxClass: cloud })
  // The cost the adapter declares decides how often a session snapshots; `local` is the per-round rule used before.
  Object.defineProperty(sandbox, 'snapshotCost', { value: snapshotCost })
  const host = new LocalAgentHost({
    store: new MemorySessionStore(),
    createSandbox: () => sandbox,
    createProvider: () => new ScriptedProvider(TURNS.flatMap((turn) => turn.steps)),
    defaultProvider: { kind: 'scripted', model: 'scripted-model' },
    eventIntervalMs: 1,
    workspaceRoot: '/home/user',
    permissionMode: 'bypassPermissions'
  })
  const session = await host.createSession()
  const counts: number[] = []
  for (const turn of TURNS) {
    const before = cloud.snapshotCount
    await host.submit(session.id, `Turn: ${turn.name}`)
    counts.push(cloud.snapshotCount - before)
  }
  await host.closeSession(session.id)
  return counts
}

const perTurn = await snapshotsPerTurn('billed')
const perRound = await snapshotsPerTurn('local')
process.stdout.write(`${JSON.stringify({ turns: TURNS.map((turn) => turn.name), perTurn, perRound })}\n`)
