import { spawnSync } from 'node:child_process'
import type { TLibraryId } from '../scenarios/scenario.ts'
import type { TSuiteFigures } from './run-suite.ts'

/** The argument that makes the bench entry measure one library's Node suite and print it as JSON. */
export const NODE_LIBRARY_ARGUMENT = '--node-library='

/**
 * Measures the Node suite with each library in a process of its own, then merges the figures.
 * Sharing one process let a peer that keeps hundreds of megabytes alive slow the collector for
 * every library measured after it (the Chromium suite gives each library a page of its own).
 */
export function runNodeSuiteInChildren(
  entry: string,
  libraries: readonly TLibraryId[],
  passThrough: readonly string[],
  log: (line: string) => void
): TSuiteFigures {
  const suites = libraries.map((library) => {
    log(`Node suite: ${library}, in its own process`)
    const child = spawnSync(process.execPath, ['--expose-gc', entry, `${NODE_LIBRARY_ARGUMENT}${library}`, ...passThrough], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: process.env
    })
    if (child.status !== 0) throw new Error(`The Node suite of ${library} failed (exit ${String(child.status)}).`)
    return JSON.parse(child.stdout) as TSuiteFigures
  })
  return { runtime: 'node', loops: suites.flatMap((suite) => suite.loops), streams: suites.flatMap((suite) => suite.streams) }
}
