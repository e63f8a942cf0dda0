import { execFile, spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { verifyReplayLog } from '../lib/storage/replay-log/hash-chain.ts'
import { importReplayLogJsonl } from '../lib/storage/replay-log/replay-jsonl.ts'
import { recordSuiteTotal } from '../lib/testing/suite-totals.ts'
import { useCliProject } from './cli-project.fixtures.ts'

// `robota -p` and `robota --export` as a script runs them: a child process, JSON on stdout.

const run = promisify(execFile)
const SECRET_KEY = 'sk-print-test-0123456789abcdef'

const context = useCliProject('robota-print-')

type TRun = { stdout: string; stderr: string; exitCode: number }

async function robota(args: string[], env: Record<string, string> = { ANTHROPIC_API_KEY: SECRET_KEY, ANTHROPIC_BASE_URL: context.server.url }): Promise<TRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, [context.cli.entry, ...args], { cwd: context.project, env: { HOME: context.home, PATH: process.env.PATH ?? '', ...env } })
    return { stdout, stderr, exitCode: 0 }
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number }
    return { stdout: failed.stdout, stderr: failed.stderr, exitCode: failed.code }
  }
}

describe('robota -p', () => {
  it('answers one prompt with tools and prints one JSON result', async () => {
    context.server.enqueue({ text: 'Looking.', toolCalls: [{ name: 'Bash', arguments: { command: 'cat README.md' } }] }, { text: 'It is a demo project.' })
    const { stdout, exitCode } = await robota(['-p', 'What is this project?', '--permission-mode', 'bypassPermissions'])
    expect(exitCode).toBe(0)
    const result = JSON.parse(stdout)
    expect(result).toMatchObject({
      type: 'result',
      model: 'claude-sonnet-4-6',
      response: 'It is a demo project.',
      interrupted: false,
      toolCalls: [{ toolName: 'Bash', firstArg: 'cat README.md', result: 'success' }]
    })
    expect(result.sessionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.stringify(context.server.requests[1]?.body)).toContain('# Demo project')
  })

  it('refuses a call that needs approval when nobody can answer, and says so in the result', async () => {
    context.server.enqueue({ toolCalls: [{ name: 'Bash', arguments: { command: 'touch made.txt' } }] }, { text: 'I was not allowed.' })
    const { stdout, exitCode } = await robota(['-p', 'Make a file'])
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout).toolCalls).toEqual([expect.objectContaining({ toolName: 'Bash', result: 'denied' })])
    expect(readdirSync(context.project)).toEqual(['README.md'])
    recordSuiteTotal('cli-print', 'securityChecks', 1)
  })

  it('prints a key the model repeats, even cut across deltas, as [REDACTED]', async () => {
    context.server.enqueue({ text: ['Your key is sk-print-test-0123', '456789abcdef, keep it.'] })
    const { stdout, exitCode } = await robota(['-p', 'What is my key?'])
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout).response).toBe('Your key is [REDACTED], keep it.')
    expect(stdout).not.toContain('0123456789')
    recordSuiteTotal('cli-print', 'securityChecks', 1)
  })

  it('prints a JSON error with the error code and exits 1 when the provider refuses the key', async () => {
    await context.restartServer({ apiKey: 'the-right-key', turns: [{ text: 'unused' }] })
    const { stdout, stderr, exitCode } = await robota(['-p', 'Hello'])
    expect(exitCode).toBe(1)
    const output = JSON.parse(stdout)
    expect(output).toMatchObject({ type: 'error', error: { code: 'AUTHENTICATION_ERROR' } })
    expect(stderr).toBe(`${output.error.message}\n`)
    expect(stdout + stderr).not.toContain(SECRET_KEY)
    recordSuiteTotal('cli-print', 'faults', 1)
  })

  it("prints Robota's code, not the API's own, when OpenAI refuses the key", async () => {
    await context.restartServer({ apiKey: 'the-right-key', turns: [{ text: 'unused' }] })
    const { stdout, exitCode } = await robota(['-p', 'Hello', '--provider', 'openai', '--max-retries', '0'], { OPENAI_API_KEY: SECRET_KEY, OPENAI_BASE_URL: `${context.server.url}/v1` })
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'error', error: { code: 'AUTHENTICATION_ERROR' } })
    expect(stdout).not.toContain(SECRET_KEY)
  })

  it.each<{ args: string[]; env: Record<string, string>; error: RegExp }>([
    { args: ['-p', 'Hi'], env: {}, error: /No provider is configured: set one of ANTHROPIC_API_KEY/ },
    { args: ['-p', 'Hi', '--provider', 'nonsense'], env: { ANTHROPIC_API_KEY: 'k' }, error: /Unknown provider "nonsense"/ },
    { args: ['-p', 'Hi', '--provider', 'openai'], env: { ANTHROPIC_API_KEY: 'k' }, error: /OpenAI provider needs an API key: set OPENAI_API_KEY/ }
  ])('names what is missing in the configuration: $error', async ({ args, env, error }) => {
    const { stdout, stderr, exitCode } = await robota(args, env)
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'error', error: { code: 'CONFIGURATION_ERROR', message: expect.stringMatching(error) } })
    expect(stderr).toMatch(error)
    recordSuiteTotal('cli-print', 'badInputs', 1)
  })

  it.each([
    { args: ['-p', 'Hi', '--permission-mode', 'yolo'], error: /^robota: --permission-mode must be one of .*, not "yolo"\.$/ },
    { args: ['-p', 'Hi', '--api-key', 'k'], error: /^robota: Unknown option '--api-key'/ }
  ])('prints a refused argument of -p as its JSON error on stdout too: $args', async ({ args, error }) => {
    const { stdout, stderr, exitCode } = await robota(args)
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'error', error: { code: 'VALIDATION_ERROR', message: expect.stringMatching(error) } })
    expect(stderr.trimEnd()).toMatch(error)
    recordSuiteTotal('cli-print', 'badInputs', 1)
  })

  it.each([
    { args: ['--bogus'], error: /Unknown option '--bogus'/ },
    { args: ['--sandbox', 'docker'], error: /--sandbox must be memory or e2b, not "docker"/ },
    { args: ['--resume', 'a', '--continue'], error: /--resume and --continue exclude each other/ },
    { args: ['--resume', 'missing-session', '-p', 'Hi'], error: /no session "missing-session"/ }
  ])('refuses bad arguments with a message naming them: $args', async ({ args, error }) => {
    const { stdout, stderr, exitCode } = await robota(args)
    expect(exitCode).toBe(1)
    const message = stdout ? (JSON.parse(stdout) as { error: { message: string } }).error.message : stderr
    expect(message).toMatch(error)
    expect(stderr).toMatch(error)
    recordSuiteTotal('cli-print', 'badInputs', 1)
  })

  it('ends the turn as interrupted on Ctrl+C (SIGINT), keeping what streamed, with exit code 130', async () => {
    context.server.enqueue({ text: ['Partial ', 'answer'], fault: { kind: 'stall', afterEvents: 5 } })
    const child = spawn(process.execPath, [context.cli.entry, '-p', 'Take your time'], {
      cwd: context.project,
      env: { HOME: context.home, PATH: process.env.PATH ?? '', ANTHROPIC_API_KEY: SECRET_KEY, ANTHROPIC_BASE_URL: context.server.url }
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    while (context.server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    // The request is in and its stream is stalled after the two text pieces.
    await new Promise((resolve) => setTimeout(resolve, 300))
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'result', interrupted: true, response: expect.stringContaining('Partial answer') })
    recordSuiteTotal('cli-print', 'aborts', 1)
  })

  it('takes the provider from the project settings layer, over the OpenAI SDK', async () => {
    mkdirSync(join(context.project, '.robota'))
    writeFileSync(join(context.project, '.robota', 'settings.json'), JSON.stringify({ provider: { name: 'openai', model: 'gpt-test-model', baseURL: context.server.openaiBaseURL } }))
    context.server.enqueue({ text: 'Hello from the compatible context.server.' })
    const { stdout, exitCode } = await robota(['-p', 'Hi'], { OPENAI_API_KEY: SECRET_KEY })
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ response: 'Hello from the compatible context.server.', model: 'gpt-test-model' })
    expect(context.server.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: expect.objectContaining({ model: 'gpt-test-model' }) })
  })

  it('reads an empty ANTHROPIC_BASE_URL as unset: the key goes to the settings\' proxy, never the vendor', async () => {
    mkdirSync(join(context.project, '.robota'))
    writeFileSync(join(context.project, '.robota', 'settings.json'), JSON.stringify({ provider: { baseURL: context.server.url } }))
    context.server.enqueue({ text: 'Through the proxy.' })
    const { stdout, exitCode } = await robota(['-p', 'Hi'], { ANTHROPIC_API_KEY: SECRET_KEY, ANTHROPIC_BASE_URL: '' })
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ response: 'Through the proxy.' })
    expect(context.server.requests).toHaveLength(1)
    recordSuiteTotal('cli-print', 'securityChecks', 1)
  })

  it('refuses a base URL variable that is not a URL, naming it, before any request', async () => {
    const { stdout, stderr, exitCode } = await robota(['-p', 'Hi'], { ANTHROPIC_API_KEY: SECRET_KEY, ANTHROPIC_BASE_URL: 'localhost:8080' })
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'error', error: { code: 'CONFIGURATION_ERROR', message: expect.stringMatching(/^ANTHROPIC_BASE_URL must be an absolute http\(s\) URL/) } })
    expect(stderr).toMatch(/^ANTHROPIC_BASE_URL must be an absolute http\(s\) URL/)
    expect(context.server.requests).toHaveLength(0)
    recordSuiteTotal('cli-print', 'securityChecks', 1)
  })

  it.each([
    { how: '--max-retries 0', args: ['--max-retries', '0'], settings: undefined },
    { how: 'provider.maxRetries: 0 in the settings', args: [], settings: { provider: { maxRetries: 0 } } }
  ])('shows a single scripted 429 when the SDK retries are off ($how)', async ({ args, settings }) => {
    if (settings) {
      mkdirSync(join(context.project, '.robota'))
      writeFileSync(join(context.project, '.robota', 'settings.json'), JSON.stringify(settings))
    }
    context.server.enqueue({ fault: { kind: 'http-error', status: 429, retryAfterSeconds: 1 } }, { text: 'A retry got through.' })
    const { stdout, stderr, exitCode } = await robota(['-p', 'Hi', ...args])
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'error', error: { code: 'RATE_LIMIT_ERROR' } })
    expect(stderr).not.toBe('')
    expect(context.server.requests).toHaveLength(1)
    recordSuiteTotal('cli-print', 'faults', 1)
  })

  it('sends a prompt that starts with a slash to the model as text, running no command', async () => {
    context.server.enqueue({ text: 'That is a command of the interactive screen.' })
    const { stdout, exitCode } = await robota(['-p', '/context'])
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ type: 'result', response: 'That is a command of the interactive screen.' })
    expect(JSON.stringify(context.server.requests[0]?.body)).toContain('/context')
  })

  it('names a bad project settings file where the user keeps it, not where its copy is', async () => {
    mkdirSync(join(context.project, '.robota'))
    writeFileSync(join(context.project, '.robota', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(ls'] } }))
    const { stdout, stderr, exitCode } = await robota(['-p', 'Hi'])
    expect(exitCode).toBe(1)
    const { error } = JSON.parse(stdout) as { error: { code: string; message: string } }
    expect(error.code).toBe('CONFIGURATION_ERROR')
    expect(stderr).toBe(`${error.message}\n`)
    expect(error.message.startsWith(`${join(context.project, '.robota', 'settings.json')}: permissions.allow[0]: `)).toBe(true)
    expect(error.message).not.toContain('/workspace/')
  })

  it('continues a session with --resume and exports its hash-chained log without the key', async () => {
    context.server.enqueue({ text: 'Noted: the colour is teal.' }, { text: 'You said teal.' })
    const first = JSON.parse((await robota(['-p', 'Remember the colour teal'])).stdout)
    const second = JSON.parse((await robota(['-p', 'Which colour?', '--resume', first.sessionId])).stdout)
    expect(second).toMatchObject({ sessionId: first.sessionId, response: 'You said teal.' })
    expect(JSON.stringify(context.server.requests[1]?.body)).toContain('Remember the colour teal')

    const exported = await robota(['--export', first.sessionId])
    expect(exported.exitCode).toBe(0)
    const imported = importReplayLogJsonl(exported.stdout)
    expect(imported.header.sessionId).toBe(first.sessionId)
    expect(verifyReplayLog(imported.records)).toMatchObject({ ok: true })
    expect(imported.records.filter((record) => record.event.type === 'history_mutation')).toHaveLength(4)
    const sessionFile = readFileSync(join(context.home, '.robota', 'sessions', `${first.sessionId}.session.json`), 'utf8')
    for (const text of [exported.stdout, sessionFile]) expect(text).not.toContain(SECRET_KEY)
    recordSuiteTotal('cli-print', 'leaks', 0)
  })
})
