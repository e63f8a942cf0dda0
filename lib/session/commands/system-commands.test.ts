import { describe, expect, it } from 'vitest'
import type { TPermissionMode } from '../../permissions/index.ts'
import type { TCompactionOutcome } from '../compaction/compaction-types.ts'
import type { ICommandHost } from './command-types.ts'
import { SystemCommandExecutor } from './system-command-executor.ts'
import { createSystemCommands } from './system-commands.ts'

/** A command host that records what the commands asked of it. */
class RecordingHost implements ICommandHost {
  mode: TPermissionMode = 'default'
  model = 'claude-sonnet-4-6'
  language: string | undefined
  name = 'first'
  cleared = 0
  compactedWith: Array<string | undefined> = []
  compaction: TCompactionOutcome = { compacted: true, trigger: 'manual', summary: 's', messagesBefore: 6, tokensBefore: 12_000, tokensAfter: 300 }
  listCommands() {
    return [{ name: 'help', description: 'Show available commands' }, { name: 'deploy', description: 'Ship it' }]
  }
  getSessionId() {
    return 'session-1'
  }
  getMessageCount() {
    return 4
  }
  getUsage() {
    return { inputTokens: 120, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }
  }
  getContextState() {
    return { maxTokens: 200_000, usedTokens: 50_000, usedPercentage: 25, estimated: false }
  }
  getPermissionMode() {
    return this.mode
  }
  setPermissionMode(mode: TPermissionMode) {
    this.mode = mode
  }
  getSessionRules() {
    return ['Bash(ls *)']
  }
  async clearHistory() {
    this.cleared++
  }
  async compact(instructions?: string) {
    this.compactedWith.push(instructions)
    return this.compaction
  }
  getModel() {
    return this.model
  }
  setModel(model: string) {
    this.model = model
  }
  getLanguage() {
    return this.language
  }
  setLanguage(language: string) {
    this.language = language
  }
  getName() {
    return this.name
  }
  async setName(name: string) {
    this.name = name
  }
}

const executor = new SystemCommandExecutor(createSystemCommands())

describe('system commands', () => {
  it('lists the twelve built-ins and returns null for an unknown name', async () => {
    expect(executor.list().map((command) => command.name)).toEqual(['help', 'clear', 'compact', 'mode', 'model', 'language', 'cost', 'context', 'permissions', 'resume', 'rename', 'reset'])
    expect(await executor.execute(new RecordingHost(), 'nope', '')).toBeNull()
  })

  it.each([
    { name: '/help', args: '', message: /\/help — Show available commands\n\/deploy — Ship it/, data: { commands: expect.any(Array) } },
    { name: 'context', args: '', message: 'Context: 50K / 200K tokens (25%)', data: { maxTokens: 200_000, usedTokens: 50_000, usedPercentage: 25, estimated: false } },
    { name: 'cost', args: '', message: /session-1: 4 messages, 120 input and 30 output tokens/, data: { sessionId: 'session-1', messageCount: 4, inputTokens: 120 } },
    { name: 'permissions', args: '', message: /Approved for this session: Bash\(ls \*\)/, data: { mode: 'default', sessionRules: ['Bash(ls *)'] } },
    { name: 'resume', args: '', message: /resume/, data: { triggerResumePicker: true } },
    { name: 'reset', args: '', message: /Reset/, data: { resetRequested: true } },
    { name: 'mode', args: '', message: 'Permission mode: default', data: { mode: 'default' } },
    { name: 'model', args: '', message: 'Model: claude-sonnet-4-6', data: { modelId: 'claude-sonnet-4-6' } }
  ])('$name $args reports', async ({ name, args, message, data }) => {
    const result = await executor.execute(new RecordingHost(), name, args)
    expect(result?.success).toBe(true)
    if (typeof message === 'string') expect(result?.message).toBe(message)
    else expect(result?.message).toMatch(message)
    expect(result?.data).toMatchObject(data)
  })

  it('names the cache reads and writes and the reasoning tokens the model reported', async () => {
    const host = new RecordingHost()
    host.getUsage = () => ({ inputTokens: 120, outputTokens: 30, cacheReadTokens: 900, cacheWriteTokens: 300, reasoningTokens: 12 })
    const result = await executor.execute(host, 'cost', '')
    expect(result?.message).toBe(
      'Session session-1: 4 messages, 120 input and 30 output tokens (900 read from the prompt cache, 300 written to it, 12 of the output spent reasoning).'
    )
    expect(result?.data).toMatchObject({ cacheReadTokens: 900, cacheWriteTokens: 300, reasoningTokens: 12 })
  })

  it('says a model reported no usage, with the context estimate, instead of claiming zero tokens', async () => {
    const host = new RecordingHost()
    host.getUsage = () => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })
    const result = await executor.execute(host, 'cost', '')
    expect(result?.message).toBe('Session session-1: 4 messages; the model reported no token usage. The context holds about 50K tokens (estimated).')
    expect(result?.data).toMatchObject({ inputTokens: 0, estimatedContextTokens: 50_000 })
  })

  it('changes the mode, model, language and name, and refuses bad arguments', async () => {
    const host = new RecordingHost()
    expect(await executor.execute(host, 'mode', 'plan')).toMatchObject({ success: true, data: { mode: 'plan' } })
    expect(host.mode).toBe('plan')
    expect(await executor.execute(host, 'mode', 'yolo')).toMatchObject({ success: false })
    expect(host.mode).toBe('plan')
    expect(await executor.execute(host, 'model', ' gpt-5 ')).toMatchObject({ success: true, data: { modelId: 'gpt-5' } })
    expect(host.model).toBe('gpt-5')
    expect(await executor.execute(host, 'language', 'Korean')).toMatchObject({ data: { language: 'Korean' } })
    expect(host.language).toBe('Korean')
    expect(await executor.execute(host, 'rename', 'Bug hunt')).toMatchObject({ success: true, data: { name: 'Bug hunt' } })
    expect(host.name).toBe('Bug hunt')
    expect(await executor.execute(host, 'rename', '  ')).toMatchObject({ success: false })
    expect(host.name).toBe('Bug hunt')
  })

  it('clears and compacts through the host, passing focus instructions', async () => {
    const host = new RecordingHost()
    expect(await executor.execute(host, 'clear', '')).toMatchObject({ success: true })
    expect(host.cleared).toBe(1)
    const compacted = await executor.execute(host, 'compact', ' keep the test names ')
    expect(host.compactedWith).toEqual(['keep the test names'])
    expect(compacted).toMatchObject({ success: true, message: 'Compacted 6 messages into a summary (12K → 300 tokens).' })
    host.compaction = { compacted: false, trigger: 'manual', reason: 'the conversation is empty' }
    expect(await executor.execute(host, 'compact', '')).toEqual({ success: false, message: 'Nothing was compacted: the conversation is empty' })
    expect(host.compactedWith).toEqual(['keep the test names', undefined])
  })

  it('counts one message as one, in /cost and /compact alike', async () => {
    const host = new RecordingHost()
    host.getMessageCount = () => 1
    expect((await executor.execute(host, 'cost', ''))?.message).toBe('Session session-1: 1 message, 120 input and 30 output tokens.')
    host.compaction = { compacted: true, trigger: 'manual', summary: 's', messagesBefore: 1, tokensBefore: 900, tokensAfter: 300 }
    expect((await executor.execute(host, 'compact', ''))?.message).toBe('Compacted 1 message into a summary (900 → 300 tokens).')
    host.getMessageCount = () => 0
    expect((await executor.execute(host, 'cost', ''))?.message).toBe('Session session-1: 0 messages, 120 input and 30 output tokens.')
  })

  it('turns a command that throws into a failed result', async () => {
    const host = new RecordingHost()
    host.clearHistory = async () => {
      throw new Error('busy')
    }
    expect(await executor.execute(host, 'clear', '')).toEqual({ success: false, message: 'busy' })
  })

  it('refuses two commands of one name', () => {
    const [help] = createSystemCommands()
    expect(() => new SystemCommandExecutor(help ? [help, help] : [])).toThrow(/Two system commands are named "help"/)
  })
})
