import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { InteractiveSession } from '../../lib/session/interactive-session.ts'
import { ScriptedProvider } from '../../lib/testing/scripted-provider.ts'
import { submitPrompt } from './session-operations.ts'

describe('submitPrompt', () => {
  it('calls a prompt to a session that could not start a failed prompt, carrying the start’s failure, not a refused request', async () => {
    const sandbox = new InMemorySandboxClient({ files: { '.robota/settings.json': 'not json at all' }, cwd: '/workspace' })
    const session = new InteractiveSession({ provider: new ScriptedProvider([{ text: 'never sent' }]), sandbox, cwd: '/workspace' })
    const startFailure = await session.ready().then(() => undefined, (error: unknown) => error as Error)
    expect(await submitPrompt(session, 'hi')).toMatchObject({ ok: false, code: 'prompt_failed', error: { message: startFailure?.message } })
  })
})
