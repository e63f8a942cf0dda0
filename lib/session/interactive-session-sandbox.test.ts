import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { MemorySessionStore } from '../storage/memory-session-store.ts'
import { ScriptedProvider, type TScriptedStepSource } from '../testing/scripted-provider.ts'
import { InteractiveSession } from './interactive-session.ts'
import type { TInteractiveSessionOptions } from './interactive-session-types.ts'

// Each session gets a fresh sandbox, as a page reload or a new process would.
function open(steps: TScriptedStepSource[], store: MemorySessionStore, options: Partial<TInteractiveSessionOptions> = {}) {
  const sandbox = new InMemorySandboxClient({ files: { 'README.md': '# Demo\n' }, cwd: '/workspace' })
  const session = new InteractiveSession({ provider: new ScriptedProvider(steps), sandbox, store, cwd: '/workspace', permissionMode: 'bypassPermissions', ...options })
  return { session, sandbox }
}

const writeNotes = { toolCalls: [{ name: 'Write', arguments: { filePath: 'notes.txt', content: 'from the first run\n' } }] }

describe('InteractiveSession and the sandbox snapshot', () => {
  it('stores the sandbox after a prompt and restores it on resume, before the workspace is read', async () => {
    const store = new MemorySessionStore()
    const first = open([writeNotes, { text: 'Written.' }], store)
    await first.session.submit('write notes')
    await first.session.ready()
    expect(await store.loadSandboxSnapshot(first.session.getSessionId())).toBeDefined()
    // A settings file written outside a tool call: only the snapshot taken after the prompt holds it.
    await first.sandbox.writeFile('/workspace/.robota/settings.json', JSON.stringify({ language: 'Korean' }))
    await first.session.submit('once more')

    const resumed = open([{ text: 'Back.' }], store, { resumeSessionId: first.session.getSessionId() })
    await resumed.session.ready()
    expect(await resumed.sandbox.readFile('/workspace/notes.txt')).toBe('from the first run\n')
    expect(resumed.session.getLanguage()).toBe('Korean')
  })

  it('gives a fork a copy of the source session’s files, stored under the fork’s id', async () => {
    const store = new MemorySessionStore()
    const first = open([writeNotes, { text: 'Written.' }], store)
    await first.session.submit('write notes')

    const fork = open([{ toolCalls: [{ name: 'Write', arguments: { filePath: 'notes.txt', content: 'changed in the fork\n' } }] }, { text: 'Changed.' }], store, {
      resumeSessionId: first.session.getSessionId(),
      forkSession: true
    })
    await fork.session.ready()
    expect(await fork.sandbox.readFile('/workspace/notes.txt')).toBe('from the first run\n')
    expect(await store.loadSandboxSnapshot(fork.session.getSessionId())).toBeDefined()
    await fork.session.submit('change notes')

    const again = open([{ text: 'Back.' }], store, { resumeSessionId: first.session.getSessionId() })
    await again.session.ready()
    expect(await again.sandbox.readFile('/workspace/notes.txt')).toBe('from the first run\n')
  })
})
