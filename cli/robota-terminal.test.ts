import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { verifyReplayLog } from '../lib/storage/replay-log/hash-chain.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { FileSessionStore } from './storage/file-session-store.ts'
import { useCliProject } from './cli-project.fixtures.ts'
import { TmuxTerminal } from './terminal.fixtures.ts'

// The interactive client in a real terminal (tmux), its provider SDK talking HTTP to the fake LLM server.

const context = useCliProject('robota-terminal-')
const terminals: TmuxTerminal[] = []

afterEach(async () => {
  await Promise.all(terminals.splice(0).map((terminal) => terminal.close()))
})

function openClient(...args: string[]): TmuxTerminal {
  const terminal = new TmuxTerminal({
    command: [process.execPath, context.cli.entry, ...args],
    cwd: context.project,
    env: { HOME: context.home, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: context.server.url, TERM: 'xterm-256color', LANG: 'C.UTF-8' }
  })
  terminals.push(terminal)
  return terminal
}

async function submit(terminal: TmuxTerminal, text: string): Promise<void> {
  terminal.type(text)
  // The prompt line itself (inside its frame), not an earlier prompt in the transcript.
  await terminal.waitFor(`│ ❯ ${text}`)
  terminal.press('Enter')
}

async function waitForStoredSession(store: FileSessionStore, messageCount: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const [latest] = (await store.listSessions()).sessions
    if (latest && latest.messageCount >= messageCount) return latest
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No stored session reached ${messageCount} messages.`)
}

function sessionsDirectory(): string {
  return join(context.home, '.robota', 'sessions')
}

describe('robota in a terminal', () => {
  it('runs a full turn: streamed answer, a tool card, a permission prompt answered, the status line', async () => {
    context.server.enqueue(
      { text: 'Let me look.', toolCalls: [{ name: 'Bash', arguments: { command: 'ls' } }] },
      { text: ['The project has **one** file:', ' `README.md`.'] }
    )
    const terminal = openClient()
    await terminal.waitFor('mode default')
    expect(terminal.screen()).toContain('claude-sonnet-4-6')

    await submit(terminal, 'What files are there? 日本語で')
    const prompt = await terminal.waitFor('Bash wants to run')
    expect(prompt).toMatch(/1\. Allow once/)
    expect(prompt).toMatch(/2\. Allow Bash\(ls\S*\) for this session/)
    expect(prompt).toMatch(/3\. Deny/)
    terminal.type('1')

    const screen = await terminal.waitFor('file: README.md.')
    expect(screen).toMatch(/✓ Bash\(ls\) done/)
    expect(screen).toContain('❯ What files are there? 日本語で')
    // The tool ran in the sandbox copy: the model's second request carries its output.
    expect(JSON.stringify(context.server.requests[1]?.body)).toContain('README.md')

    // The turn is stored as it ends, a moment after its last words are on screen.
    const store = new FileSessionStore(sessionsDirectory())
    const stored = await waitForStoredSession(store, 4)
    // The command may still be appending the turn's last events: the head is read first, as an
    // export reads it, so the records read after it hold at least what it names.
    const head = await store.loadReplayLogHead(stored.id)
    const log = await store.loadReplayLog(stored.id)
    expect(verifyReplayLog(log, head)).toMatchObject({ ok: true })
    expect(log.map((record) => record.event.type)).toContain('tool_execution_result')
    expect(readFileSync(join(sessionsDirectory(), `${stored.id}.session.json`), 'utf8')).not.toContain('test-key')
    recordSuiteTotal('cli-terminal', 'leaks', 0)
  }, 60_000)

  it('denies a tool call when told to, and the model hears it was denied', async () => {
    context.server.enqueue({ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf notes' } }] }, { text: 'Understood, I left it alone.' })
    const terminal = openClient()
    await terminal.waitFor('mode default')
    await submit(terminal, 'Clean up')
    await terminal.waitFor('Bash wants to run')
    terminal.type('3')
    const screen = await terminal.waitFor('I left it alone.')
    expect(screen).toMatch(/⊘ Bash\(rm -rf notes\) denied/)
    expect(JSON.stringify(context.server.requests[1]?.body)).toMatch(/denied|not allowed|refused/i)
    recordSuiteTotal('cli-terminal', 'securityChecks', 1)
  }, 60_000)

  it('interrupts a streaming answer with Esc, keeps what came, and takes the next prompt', async () => {
    context.server.enqueue({ text: ['Counting slowly: one', ' two'], fault: { kind: 'stall', afterEvents: 5 } }, { text: 'Back again.' })
    const terminal = openClient()
    await terminal.waitFor('mode default')
    await submit(terminal, 'Count forever')
    await terminal.waitFor('esc to interrupt')
    await terminal.waitFor('Counting slowly')
    terminal.press('Escape')
    await terminal.waitFor('Interrupted.')
    const screen = await terminal.waitFor(/mode default · context \S+ of [\d,]+ · session \w+\n/)
    expect(screen).toContain('Counting slowly: one two')
    expect(screen).not.toContain('esc to interrupt')
    recordSuiteTotal('cli-terminal', 'aborts', 1)

    await submit(terminal, 'Are you there?')
    await terminal.waitFor('Back again.')
  }, 60_000)

  it('completes slash commands from the session\'s list and runs them', async () => {
    const terminal = openClient()
    await terminal.waitFor('mode default')
    terminal.type('/co')
    const suggestions = await terminal.waitFor('/compact')
    expect(suggestions).toContain('/cost')
    expect(suggestions).toContain('/context')
    terminal.type('st')
    await terminal.waitFor('│ ❯ /cost')
    terminal.press('Enter')
    await terminal.waitFor(/Session [0-9a-f-]{36}: 0 messages/)

    terminal.type('/mo')
    await terminal.waitFor('Show or change the permission mode')
    terminal.press('Tab')
    await terminal.waitFor('│ ❯ /mode ')
    terminal.type('plan')
    await terminal.waitFor('│ ❯ /mode plan')
    terminal.press('Enter')
    await terminal.waitFor('Permission mode set to plan.')
    await terminal.waitFor('mode plan')

    // The session asks its app to reset the settings; the terminal's are files, so it says where.
    await submit(terminal, '/reset')
    await terminal.waitFor('keeps no settings of its own')

    await submit(terminal, '/nonsense')
    await terminal.waitFor('Unknown command /nonsense.')
    recordSuiteTotal('cli-terminal', 'badInputs', 1)
  }, 60_000)

  it('resumes the latest session with --continue: the earlier turn is shown and sent again', async () => {
    context.server.enqueue({ text: 'The codeword is heliotrope.' }, { text: 'You asked me for the codeword.' })
    const first = openClient()
    await first.waitFor('mode default')
    await submit(first, 'Give me a codeword')
    await first.waitFor('The codeword is heliotrope.')
    await submit(first, '/exit')
    const ended = await first.waitFor('[exited with 0]')
    const id = /robota --resume ([0-9a-f-]{36})/.exec(ended)?.[1]
    expect(id).toBeDefined()

    const second = openClient('--continue')
    const screen = await second.waitFor(`Resumed session ${id}`)
    expect(screen).toContain('The codeword is heliotrope.')
    await submit(second, 'What did I ask?')
    await second.waitFor('You asked me for the codeword.')
    expect(JSON.stringify(context.server.requests[1]?.body)).toContain('heliotrope')
    second.press('C-c')
    await second.waitFor('[exited with 0]')

    const third = openClient('--resume', id!)
    await third.waitFor('You asked me for the codeword.')
  }, 60_000)

  it('keeps the host directory untouched until /sync, shows the diff, and writes only when confirmed', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'Write', arguments: { filePath: '/workspace/notes.txt', content: 'hello from the sandbox\n' } }] },
      { text: 'Wrote notes.txt.' }
    )
    const terminal = openClient('--permission-mode', 'acceptEdits')
    await terminal.waitFor('mode acceptEdits')
    await submit(terminal, 'Write a note')
    await terminal.waitFor('Wrote notes.txt.')
    expect(existsSync(join(context.project, 'notes.txt'))).toBe(false)

    await submit(terminal, '/sync')
    let screen = await terminal.waitFor('Write these changes?')
    expect(screen).toContain('A notes.txt')
    expect(screen).toContain('+ hello from the sandbox')
    terminal.type('n')
    await terminal.waitFor('/sync: nothing was written.')
    expect(existsSync(join(context.project, 'notes.txt'))).toBe(false)

    await submit(terminal, '/sync')
    await terminal.waitFor('Write these changes?')
    terminal.type('y')
    screen = await terminal.waitFor('/sync: wrote 1 change')
    expect(readFileSync(join(context.project, 'notes.txt'), 'utf8')).toBe('hello from the sandbox\n')
    expect(readFileSync(join(context.project, 'README.md'), 'utf8')).toBe('# Demo project\n')
  }, 60_000)
})
