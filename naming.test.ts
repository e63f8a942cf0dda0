import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The prefix rule docs/naming.md states: `I` marks an interface or a name the specs give; any
// other `I`-prefixed type alias is either a deprecated alias kept for one release or a mistake.

const root = import.meta.dirname
const PLANES = ['lib', 'cli', 'sandbox', 'worker', 'server']

function sources(): Array<{ path: string; text: string }> {
  return PLANES.flatMap((plane) =>
    readdirSync(join(root, plane), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec|contract|fixtures)\.tsx?$/.test(entry.name))
      .map((entry) => {
        const path = join(entry.parentPath, entry.name)
        return { path: path.slice(root.length + 1), text: readFileSync(path, 'utf8') }
      })
  )
}

/** The names docs/naming.md lists as the specs' names declared as type aliases. */
function specAliasNames(): Set<string> {
  const doc = readFileSync(join(root, 'docs/naming.md'), 'utf8')
  const section = doc.split("## The specs' names declared as type aliases")[1] ?? ''
  return new Set([...section.matchAll(/`(I[A-Z]\w*)`/g)].map((match) => match[1] as string))
}

describe('naming', () => {
  it('gives the I prefix to a type alias only for a name the specs give, or a deprecated alias', () => {
    const allowed = specAliasNames()
    expect(allowed.size).toBeGreaterThan(20)
    const offenders: string[] = []
    for (const file of sources()) {
      const lines = file.text.split('\n')
      lines.forEach((line, index) => {
        const name = /^export type (I[A-Z]\w*)\b/.exec(line)?.[1]
        if (!name || allowed.has(name)) return
        if (/@deprecated/.test(lines[index - 1] ?? '')) return
        offenders.push(`${file.path}:${index + 1} ${name}`)
      })
    }
    expect(offenders).toEqual([])
  })

  it('keeps no deprecated alias a current name also uses', () => {
    const doc = readFileSync(join(root, 'docs/naming.md'), 'utf8')
    const rows = [...doc.matchAll(/^\| `(\w+)` \| `(\w+)` \|/gm)].map((match) => [match[1], match[2]])
    expect(rows.length).toBeGreaterThan(30)
    const declared = sources().map((file) => file.text).join('\n')
    for (const [deprecated, current] of rows) {
      expect(declared, `${current} is declared`).toMatch(new RegExp(`^export (type|interface) ${current}\\b`, 'm'))
      expect(declared, `${deprecated} is a deprecated alias`).toMatch(new RegExp(`@deprecated use \`?${current}\`?.*\\n(export )?type ${deprecated}\\b`))
    }
  })
})
