import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { recordSuiteTotal } from '../../testing/suite-totals.ts'
import { loadSettings } from './load-settings.ts'

// Settings files a user or a cloned repository may carry, broken in ways beyond the table in
// load-settings.test.ts: each load is refused as a whole with the file and the field named, no
// secret from the file is echoed in the message, and the workspace is not touched.

const SUITE = 'settings file bad inputs'
const ROBOTA = '.robota/settings.json'
const LOCAL = '.robota/settings.local.json'
const CLAUDE = '.claude/settings.json'
const LITERAL_KEY = 'sk-ant-api03-settings-literal-key-000111222333'
const ENV_KEY = 'sk-proj-settings-env-key-444555666777888'
const hook = (definition: object) => JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [definition] }] } })

type TBadSettings = { name: string; files: Record<string, string>; userSettings?: unknown; problem: RegExp }

const CORPUS: TBadSettings[] = [
  { name: 'a trailing comma', files: { [ROBOTA]: '{ "model": "claude-sonnet-4-6", }' }, problem: /^\/workspace\/\.robota\/settings\.json: not valid JSON: / },
  { name: 'an empty file', files: { [ROBOTA]: '' }, problem: /^\/workspace\/\.robota\/settings\.json: not valid JSON: / },
  { name: 'comments in the JSON', files: { [LOCAL]: '// my settings\n{ "model": "x" }' }, problem: /^\/workspace\/\.robota\/settings\.local\.json: not valid JSON: / },
  { name: 'a string at the root', files: { [ROBOTA]: '"claude-sonnet-4-6"' }, problem: /^\/workspace\/\.robota\/settings\.json: \(root\): / },
  { name: 'null at the root', files: { [CLAUDE]: 'null' }, problem: /^\/workspace\/\.claude\/settings\.json: \(root\): / },
  { name: 'a negative hook timeout', files: { [ROBOTA]: hook({ type: 'command', command: 'lint', timeoutMs: -5 }) }, problem: /^\/workspace\/\.robota\/settings\.json: hooks\.PreToolUse\[0\]\.hooks\[0\]\.timeoutMs: / },
  { name: 'an unknown failure policy', files: { [ROBOTA]: hook({ type: 'command', command: 'lint', failurePolicy: 'ignore' }) }, problem: /: hooks\.PreToolUse\[0\]\.hooks\[0\]\.failurePolicy: / },
  {
    name: 'a hook matcher that is no regular expression',
    files: { [CLAUDE]: JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Write|Edit(', hooks: [{ type: 'command', command: 'lint' }] }] } }) },
    problem: /^\/workspace\/\.claude\/settings\.json: hooks\.PostToolUse\[0\]\.matcher: not a regular expression: /
  },
  { name: 'hooks given as a list', files: { [ROBOTA]: '{ "hooks": [{ "type": "command", "command": "lint" }] }' }, problem: /: hooks: / },
  { name: 'a zero compaction threshold', files: { [ROBOTA]: '{ "compaction": { "threshold": 0 } }' }, problem: /: compaction\.threshold: / },
  { name: 'auto-compaction as text', files: { [ROBOTA]: '{ "compaction": { "auto": "yes" } }' }, problem: /: compaction\.auto: / },
  { name: 'maxTurns of zero', files: { [ROBOTA]: '{ "maxTurns": 0 }' }, problem: /: maxTurns: / },
  { name: 'an empty language', files: { [ROBOTA]: '{ "language": "" }' }, problem: /: language: / },
  {
    name: 'a provider base URL that is not a URL, beside a literal key',
    files: { [LOCAL]: JSON.stringify({ provider: { apiKey: LITERAL_KEY, baseURL: 'http//localhost:11434' } }) },
    problem: /^\/workspace\/\.robota\/settings\.local\.json: provider\.baseURL: /
  },
  { name: 'negative provider retries', files: { [ROBOTA]: '{ "provider": { "maxRetries": -1 } }' }, problem: /^\/workspace\/\.robota\/settings\.json: provider\.maxRetries: / },
  { name: 'provider retries as text', files: { [ROBOTA]: '{ "provider": { "maxRetries": "2" } }' }, problem: /: provider\.maxRetries: / },
  { name: 'an empty provider key', files: { [LOCAL]: '{ "provider": { "apiKey": "" } }' }, problem: /: provider\.apiKey: / },
  {
    name: 'a key referenced from an unset variable',
    files: { [ROBOTA]: '{ "provider": { "apiKey": "$ENV:ROBOTA_UNSET_KEY" } }' },
    problem: /^\/workspace\/\.robota\/settings\.json: provider\.apiKey: \$ENV:ROBOTA_UNSET_KEY refers to an environment variable that is not set/
  },
  {
    name: 'a resolved key beside a bad field',
    files: { [ROBOTA]: '{ "provider": { "apiKey": "$ENV:ROBOTA_SET_KEY", "model": 7 } }' },
    problem: /: provider\.model: /
  },
  {
    name: 'a broken local layer over good layers',
    files: { [CLAUDE]: '{ "model": "a" }', [ROBOTA]: '{ "model": "b" }', [LOCAL]: '{ "permissions": { "allow": ["Bash(npm test"] } }' },
    problem: /^\/workspace\/\.robota\/settings\.local\.json: permissions\.allow\[0\]: /
  },
  { name: 'broken user settings', files: {}, userSettings: { permissions: { defaultMode: 'everything' } }, problem: /^user settings: permissions\.defaultMode: / },
  { name: 'user settings that are a list', files: { [ROBOTA]: '{}' }, userSettings: ['model'], problem: /^user settings: \(root\): / }
]

describe('loadSettings refuses a bad settings file, naming file and field, echoing no secret', () => {
  it('holds at least 10 bad settings files', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(10)
  })

  it.each(CORPUS)('$name', async ({ files, userSettings, problem }) => {
    const sandbox = new InMemorySandboxClient({ files, cwd: '/workspace' })
    const before = await sandbox.snapshot()

    const error: unknown = await loadSettings(sandbox, {
      cwd: '/workspace',
      env: { ROBOTA_SET_KEY: ENV_KEY },
      ...(userSettings === undefined ? {} : { userSettings })
    }).then(
      () => undefined,
      (reason: unknown) => reason
    )

    expect(error).toMatchObject({ code: 'CONFIGURATION_ERROR', message: expect.stringMatching(problem) })
    const text = JSON.stringify({ message: (error as Error).message, details: (error as { details?: unknown }).details })
    expect(text).not.toContain(LITERAL_KEY)
    expect(text).not.toContain(ENV_KEY)
    expect(await sandbox.snapshot()).toEqual(before)
    recordSuiteTotal(SUITE, 'badInputs')
  })
})

describe('loadSettings and base URLs without http', () => {
  // `localhost:11434` parses as a URL with the scheme "localhost:"; the schema accepts only http(s),
  // so the slip is refused here, naming the file, rather than at the first request.
  it('refuses a provider base URL with no http:// in front', async () => {
    const sandbox = new InMemorySandboxClient({ files: { [LOCAL]: '{ "provider": { "baseURL": "localhost:11434" } }' }, cwd: '/workspace' })
    await expect(loadSettings(sandbox, { cwd: '/workspace' })).rejects.toThrow(/provider\.baseURL: /)
  })
})
