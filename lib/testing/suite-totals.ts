import { appendFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

/** The environment variable naming the directory the reliability suites write their counts to. */
export const SUITE_TOTALS_DIRECTORY_VARIABLE = 'ROBOTA_SUITE_TOTALS_DIR'

/**
 * What the reliability and security suites count (issue 11): faults injected and survived, aborts
 * tried, crashes survived (Chromium only), bad inputs refused, security checks passed, keys found
 * where they must not be (each scan adds what it found, so a clean scan adds 0), requests that
 * left the page while model output rendered (likewise 0 when clean), tool rounds run under load,
 * and serious or critical accessibility violations axe found in a view (0 when clean).
 */
export type TSuiteTotalCategory =
  | 'faults'
  | 'aborts'
  | 'crashes'
  | 'badInputs'
  | 'securityChecks'
  | 'leaks'
  | 'requestsLeft'
  | 'loadRounds'
  | 'accessibilityViolations'

/** One line of a totals file: a suite added `count` to a category. */
export type TSuiteTotalEntry = { suite: string; category: TSuiteTotalCategory; count: number }

// One file per recording process, so suites running in parallel workers never share a file.
const fileName = `totals-${process.pid}-${Math.random().toString(36).slice(2)}.jsonl`

/**
 * Adds `count` to `category` for `suite`. Does nothing unless `ROBOTA_SUITE_TOTALS_DIR` is set
 * (as `npm test` sets it), so a suite run on its own leaves no file behind.
 */
export function recordSuiteTotal(suite: string, category: TSuiteTotalCategory, count = 1): void {
  const directory = process.env[SUITE_TOTALS_DIRECTORY_VARIABLE]
  if (!directory) return
  mkdirSync(directory, { recursive: true })
  const entry: TSuiteTotalEntry = { suite, category, count }
  appendFileSync(join(directory, fileName), `${JSON.stringify(entry)}\n`)
}
