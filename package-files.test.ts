import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

// What an app finds in node_modules/robota: the README's links lead to pages the package ships.

const root = import.meta.dirname

/** The paths `npm pack` would put in the tarball (package.json `files`), without building. */
function packedPaths(): Set<string> {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  const [pack] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>
  return new Set((pack?.files ?? []).map((file) => file.path))
}

/** Relative links of a Markdown file, as paths from the package root; images left out (the screenshots do not ship). */
function relativeLinks(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  return [...text.matchAll(/(?<!!)\[[^\]]*\]\(([^)#\s]+)[^)]*\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => normalize(join(dirname(file), target)))
}

describe('the packed package', () => {
  it('ships every page the README links to, and every page those pages link to', () => {
    const packed = packedPaths()
    const pages = ['README.md', ...[...packed].filter((path) => path.startsWith('docs/') && path.endsWith('.md'))]
    const links = pages.flatMap((page) => relativeLinks(page).map((target) => ({ page, target })))
    expect(links.filter(({ page }) => page === 'README.md').length).toBeGreaterThan(10)
    expect(links.filter(({ target }) => !packed.has(target))).toEqual([])
  }, 60_000)
})
