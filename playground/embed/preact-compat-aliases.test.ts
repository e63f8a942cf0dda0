import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { PREACT_COMPAT_ALIASES, toExactViteAliases } from './preact-compat-aliases.ts'

describe('the embed build’s Preact aliases', () => {
  it.each(Object.entries(PREACT_COMPAT_ALIASES))('%s resolves to an installed preact/compat module (%s)', (_id, replacement) => {
    const resolved = createRequire(import.meta.url).resolve(replacement)
    expect(resolved).toMatch(/node_modules[\\/]preact[\\/]compat[\\/]/)
  })

  it('match each id whole as Vite applies them, so `react` never rewrites `react-dom/client` or `react-virtual`', () => {
    const aliases = toExactViteAliases(PREACT_COMPAT_ALIASES)
    const rewrite = (id: string) => aliases.find((alias) => alias.find.test(id))?.replacement
    expect(rewrite('react')).toBe('preact/compat')
    expect(rewrite('react-dom/client')).toBe('preact/compat/client')
    expect(rewrite('react/jsx-runtime')).toBe('preact/compat/jsx-runtime')
    expect(rewrite('@tanstack/react-virtual')).toBeUndefined()
    expect(rewrite('react-dom/server')).toBeUndefined()
  })
})
