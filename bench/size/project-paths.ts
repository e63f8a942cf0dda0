import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

// The bench runs from its sources (vitest) and from an esbuild bundle under
// bench/node_modules/.robota-bench, so the root is found by walking up, not by a fixed "../..".
function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'robota') return folder
    if (dirname(folder) === folder) throw new Error(`No robota package.json above ${start}.`)
  }
}

/** The repository root. */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)))

/** bench/, whose own node_modules holds the peers. */
export const BENCH_ROOT = resolve(PROJECT_ROOT, 'bench')

/** Where the bench keeps its bundles and its latest table: inside bench/node_modules, so never committed. */
export const BENCH_CACHE = resolve(BENCH_ROOT, 'node_modules/.robota-bench')
