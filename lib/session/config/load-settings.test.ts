import { describe, expect, it } from 'vitest'
import { InMemorySandboxClient } from '../../../sandbox/in-memory/in-memory-sandbox-client.ts'
import { isRobotaError } from '../../core/errors.ts'
import { loadSettings, parseSettingsLayer } from './load-settings.ts'

function sandboxWith(files: Record<string, string>) {
  return new InMemorySandboxClient({ files, cwd: '/workspace' })
}

async function loadError(files: Record<string, string>, env: Record<string, string> = {}): Promise<unknown> {
  try {
    await loadSettings(sandboxWith(files), { cwd: '/workspace', env })
  } catch (error) {
    return error
  }
  throw new Error('loadSettings accepted a bad settings file')
}

const ROBOTA = '.robota/settings.json'
const LOCAL = '.robota/settings.local.json'
const CLAUDE = '.claude/settings.json'
const hook = (definition: object) => JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [definition] }] } })

describe('loadSettings: a bad file is refused with its path and the field', () => {
  it.each([
    { case: 'invalid JSON', file: ROBOTA, text: '{ "model": }', field: 'not valid JSON' },
    { case: 'an array at the root', file: ROBOTA, text: '[]', field: '(root): ' },
    { case: 'a numeric model', file: ROBOTA, text: '{ "model": 4 }', field: 'model: ' },
    { case: 'allow that is not a list', file: ROBOTA, text: '{ "permissions": { "allow": "Bash" } }', field: 'permissions.allow: ' },
    { case: 'a malformed allow pattern', file: LOCAL, text: '{ "permissions": { "allow": ["Read", "Bash("] } }', field: 'permissions.allow[1]: Malformed permission pattern' },
    { case: 'a numeric deny pattern', file: CLAUDE, text: '{ "permissions": { "deny": [7] } }', field: 'permissions.deny[0]: ' },
    { case: 'an unknown permission mode', file: ROBOTA, text: '{ "permissions": { "defaultMode": "yolo" } }', field: 'permissions.defaultMode: ' },
    { case: 'an unknown hook event', file: ROBOTA, text: '{ "hooks": { "BeforeEverything": [] } }', field: 'hooks: Unrecognized key: "BeforeEverything"' },
    { case: 'an unknown hook type', file: ROBOTA, text: hook({ type: 'shell', command: 'ls' }), field: 'hooks.PreToolUse[0].hooks[0].type: ' },
    { case: 'a command hook without a command', file: ROBOTA, text: hook({ type: 'command' }), field: 'hooks.PreToolUse[0].hooks[0].command: ' },
    { case: 'an http hook with a bad URL', file: LOCAL, text: hook({ type: 'http', url: 'not a url' }), field: 'hooks.PreToolUse[0].hooks[0].url: ' },
    { case: 'a hook group without hooks', file: ROBOTA, text: '{ "hooks": { "Stop": [{ "hooks": [] }] } }', field: 'hooks.Stop[0].hooks: ' },
    { case: 'a compaction threshold above 1', file: ROBOTA, text: '{ "compaction": { "threshold": 1.5 } }', field: 'compaction.threshold: ' },
    { case: 'a fractional maxTurns', file: CLAUDE, text: '{ "maxTurns": 2.5 }', field: 'maxTurns: ' },
    { case: 'a numeric env value', file: ROBOTA, text: '{ "env": { "DEBUG": 1 } }', field: 'env.DEBUG: ' },
    { case: 'a provider base URL that is not a URL', file: ROBOTA, text: '{ "provider": { "baseURL": "localhost" } }', field: 'provider.baseURL: ' },
    { case: 'a provider base URL without http://', file: LOCAL, text: '{ "provider": { "baseURL": "localhost:11434" } }', field: 'provider.baseURL: expected an http:// or https:// URL' },
    { case: 'an unset $ENV reference', file: ROBOTA, text: '{ "provider": { "apiKey": "$ENV:MISSING_KEY" } }', field: 'provider.apiKey: $ENV:MISSING_KEY refers to an environment variable that is not set' }
  ])('$case in $file', async ({ file, text, field }) => {
    const error = await loadError({ [file]: text })
    expect(isRobotaError(error) && error.code).toBe('CONFIGURATION_ERROR')
    const message = (error as Error).message
    expect(message.startsWith(`/workspace/${file}: `)).toBe(true)
    expect(message).toContain(field)
    expect((error as { details?: { file?: string } }).details?.file).toBe(`/workspace/${file}`)
  })

  it('names the user settings layer when it is the bad one', () => {
    expect(() => parseSettingsLayer({ language: 3 }, 'user settings')).toThrow(/^user settings: language: /)
  })
})

describe('loadSettings: layers', () => {
  it('merges local over project over .claude over user, concatenating lists', async () => {
    const sandbox = sandboxWith({
      [CLAUDE]: JSON.stringify({ model: 'claude-model', language: 'French', permissions: { deny: ['Bash(rm *)'] } }),
      [ROBOTA]: JSON.stringify({ model: 'project-model', permissions: { allow: ['Bash(ls *)'], defaultMode: 'plan' } }),
      [LOCAL]: JSON.stringify({ model: 'local-model', permissions: { allow: ['Bash(ls *)', 'Bash(cat *)'] } })
    })
    const loaded = await loadSettings(sandbox, {
      cwd: '/workspace',
      userSettings: { model: 'user-model', language: 'Korean', maxTurns: 4, permissions: { deny: ['WebFetch'] } }
    })
    expect(loaded.settings).toEqual({
      model: 'local-model',
      language: 'French',
      maxTurns: 4,
      permissions: { deny: ['WebFetch', 'Bash(rm *)'], allow: ['Bash(ls *)', 'Bash(cat *)'], defaultMode: 'plan' }
    })
    expect(loaded.sources).toEqual(['user settings', `/workspace/${CLAUDE}`, `/workspace/${ROBOTA}`, `/workspace/${LOCAL}`])
  })

  it('skips missing files and drops keys it does not know (Claude Code settings still load)', async () => {
    const loaded = await loadSettings(sandboxWith({ [CLAUDE]: JSON.stringify({ includeCoAuthoredBy: false, model: 'm' }) }), { cwd: '/workspace' })
    expect(loaded.settings).toEqual({ model: 'm' })
    expect(loaded.sources).toEqual([`/workspace/${CLAUDE}`])
  })

  it('substitutes $ENV references from the injected environment only', async () => {
    const sandbox = sandboxWith({
      [ROBOTA]: JSON.stringify({ provider: { apiKey: '$ENV:MY_KEY' }, hooks: { Stop: [{ hooks: [{ type: 'http', url: '$ENV:HOOK_URL' }] }] } })
    })
    const loaded = await loadSettings(sandbox, { cwd: '/workspace', env: { MY_KEY: 'k-123', HOOK_URL: 'https://hooks.example/stop' } })
    expect(loaded.settings.provider?.apiKey).toBe('k-123')
    expect(loaded.settings.hooks?.Stop?.[0]?.hooks[0]).toEqual({ type: 'http', url: 'https://hooks.example/stop' })
  })
})
