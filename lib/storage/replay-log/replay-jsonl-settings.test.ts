import { describe, expect, it } from 'vitest'
import { createTestEvents } from '../session-store.fixtures.ts'
import { chainReplayEvents, GENESIS_HASH } from './hash-chain.ts'
import { exportReplayLogJsonl, importReplayLogJsonl } from './replay-jsonl.ts'

const records = chainReplayEvents(GENESIS_HASH, createTestEvents('s1', [0, 1]))

/** The export with its header's fields replaced by `header`. */
function withHeader(header: Record<string, unknown>): string {
  const [first, ...rest] = exportReplayLogJsonl('s1', records).trim().split('\n')
  return [JSON.stringify({ ...JSON.parse(first ?? '{}'), ...header }), ...rest].join('\n') + '\n'
}

describe('a session’s own settings in an export’s header', () => {
  it('are written to the header and read back on import', () => {
    const settings = { systemPromptAddition: 'Be brief.', temperature: 0.5, maxTokens: 200, disabledTools: ['Glob'] }
    const jsonl = exportReplayLogJsonl('s1', records, undefined, 'Named', settings)
    expect(JSON.parse(jsonl.split('\n')[0] ?? '{}').settings).toEqual(settings)
    expect(importReplayLogJsonl(jsonl).header.settings).toEqual(settings)
  })

  it.each([
    ['a temperature out of range', { temperature: 9 }],
    ['a fractional maxTokens', { maxTokens: 2.5 }],
    ['a field no session has', { apiKey: 'sk-should-not-be-here' }],
    ['not an object', 'hot']
  ])('are dropped, the log still imported, when they hold %s', (_case, settings) => {
    const imported = importReplayLogJsonl(withHeader({ settings }))
    expect(imported.records).toHaveLength(2)
    expect(imported.header).not.toHaveProperty('settings')
  })
})
