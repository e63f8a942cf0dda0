import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Core must never branch on a provider or model name. The model table is data, looked up by
// id, and is the one file allowed to name models.
const ALLOWED = new Set(['context/models.ts'])
const NAMES = /['"`][^'"`\n]*\b(anthropic|openai|claude|gpt-?\d|gemini|google|e2b)\b[^'"`\n]*['"`]/i

const coreDirectory = import.meta.dirname

function sourceFiles(): string[] {
  return readdirSync(coreDirectory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => relative(coreDirectory, join(entry.parentPath, entry.name)))
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

function namedProviders(source: string): string[] {
  return withoutComments(source)
    .split('\n')
    .filter((line) => NAMES.test(line))
}

describe('provider neutrality of lib/core', () => {
  it('reads the core sources', () => {
    expect(sourceFiles()).toContain('robota.ts')
  })

  it('names no provider or model in code outside the model table', () => {
    const offenders = sourceFiles()
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => namedProviders(readFileSync(join(coreDirectory, file), 'utf8')).map((line) => `${file}: ${line.trim()}`))
    expect(offenders).toEqual([])
  })

  it.each([
    ["if (provider.name === 'anthropic') {", 1],
    ['const isClaude = model.startsWith("claude-")', 1],
    ["// the anthropic SDK streams", 0],
    ["const label = 'provider'", 0]
  ])('flags %s', (line, count) => {
    expect(namedProviders(line)).toHaveLength(count)
  })
})
