import { describe, expect, it } from 'vitest'
import { parseHeaderLines, toMcpServers, type TPlaygroundMcpServer } from './mcp-server-settings.ts'
import { DEFAULT_SETTINGS, loadSettings, saveSettings, SETTINGS_STORAGE_KEY } from './playground-settings.ts'
import { findMcpServerProblem } from './settings-problems.ts'

const docs: TPlaygroundMcpServer = { name: 'docs', url: 'https://mcp.example.com/mcp', headers: 'authorization: Bearer mcp-secret-42\nx-team: a:b', enabled: true }

function memoryStorage() {
  const items = new Map<string, string>()
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items }
}

describe('MCP servers in the playground settings', () => {
  it('keeps header values out of storage unless keys are remembered', () => {
    const storage = memoryStorage()
    saveSettings(storage, { ...DEFAULT_SETTINGS, mcpServers: [docs] })
    expect(storage.items.get(SETTINGS_STORAGE_KEY)).not.toContain('mcp-secret-42')
    expect(loadSettings(storage).mcpServers).toEqual([{ ...docs, headers: '' }])

    saveSettings(storage, { ...DEFAULT_SETTINGS, rememberKeys: true, mcpServers: [docs] })
    expect(loadSettings(storage).mcpServers).toEqual([docs])
  })

  it('drops saved entries that do not parse', () => {
    const storage = { getItem: () => JSON.stringify({ mcpServers: [7, { name: 'x' }, { name: 'ok', url: 'http://a', enabled: false }] }) }
    expect(loadSettings(storage).mcpServers).toEqual([{ name: 'ok', url: 'http://a', headers: '', enabled: false }])
  })

  it('hands the host the enabled servers, with their headers parsed', () => {
    expect(parseHeaderLines('a: 1\n\nno colon\nb:  two: 2 ')).toEqual({ a: '1', b: 'two: 2' })
    expect(toMcpServers([docs, { ...docs, name: 'off', enabled: false }, { ...docs, name: 'bare', headers: '' }])).toEqual({
      docs: { type: 'http', url: docs.url, headers: { authorization: 'Bearer mcp-secret-42', 'x-team': 'a:b' } },
      bare: { type: 'http', url: docs.url }
    })
  })

  it.each([
    [{ ...docs, name: 'my docs' }, 'name', 'letters, digits'],
    [{ ...docs, name: 'other', url: 'ftp://x' }, 'url', 'http:// or https://'],
    [{ ...docs, name: 'other', headers: 'just a value' }, 'headers', '"just a value" is not one'],
    [docs, 'name', 'already an MCP server named "docs"']
  ])('refuses %o with the fix, beside the field it concerns', (server, field, fix) => {
    expect(findMcpServerProblem(server, [docs])).toEqual({ field, message: expect.stringContaining(fix) })
  })

  it('accepts a good server', () => {
    expect(findMcpServerProblem(docs, [])).toBeUndefined()
  })
})
