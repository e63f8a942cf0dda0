// Runs a command (the test suites) with ROBOTA_SUITE_TOTALS_DIR pointing at a directory the
// reliability and security suites append their counts to (lib/testing/suite-totals.ts), then
// prints the totals issue 11 asks for and exits with the command's status. A directory given in
// the environment is kept (CI may want the files); one made here is removed afterwards.
//
//   node .ci/suite-totals.mjs "npm run test:unit && npm run build && npm run test:e2e"
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const VARIABLE = 'ROBOTA_SUITE_TOTALS_DIR'
const command = process.argv.slice(2).join(' ')
if (!command) {
  console.error('usage: node .ci/suite-totals.mjs "<command>"')
  process.exit(2)
}

const given = process.env[VARIABLE]
const directory = given || mkdtempSync(join(tmpdir(), 'robota-suite-totals-'))
const run = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, [VARIABLE]: directory } })
const status = run.status ?? 1

function readEntries() {
  let names = []
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.jsonl'))
  } catch {
    return []
  }
  return names
    .flatMap((name) => readFileSync(join(directory, name), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
}

/** Sum and per-suite breakdown of one category, or undefined when no suite recorded it. */
function total(entries, category) {
  const bySuite = new Map()
  let scans = 0
  for (const entry of entries) {
    if (entry.category !== category) continue
    scans++
    bySuite.set(entry.suite, (bySuite.get(entry.suite) ?? 0) + entry.count)
  }
  if (scans === 0) return undefined
  const sum = [...bySuite.values()].reduce((left, right) => left + right, 0)
  const breakdown = [...bySuite].sort(([left], [right]) => left.localeCompare(right)).map(([suite, count]) => `${suite} ${count}`)
  return { sum, scans, breakdown }
}

const entries = readEntries()
const line = (label, value) => console.log(`  ${label.padEnd(20)}${value}`)
const counted = (category, missing) => {
  const found = total(entries, category)
  return found ? `${String(found.sum).padEnd(6)}(${found.breakdown.join(', ')})` : missing
}

console.log('\nReliability and security totals (issue 11)')
line('faults tried:', counted('faults', 'not recorded'))
line('aborts tried:', counted('aborts', 'not recorded'))
line('crashes survived:', counted('crashes', 'not recorded'))
line('bad inputs refused:', counted('badInputs', 'not recorded'))
line('security checks:', counted('securityChecks', 'not recorded'))
const leaks = total(entries, 'leaks')
line('leaks found:', leaks ? `${String(leaks.sum).padEnd(6)}(${leaks.scans} scan${leaks.scans === 1 ? '' : 's'} of storage, exports, events and console)` : 'not scanned')
const left = total(entries, 'requestsLeft')
line('requests left page:', left ? `${String(left.sum).padEnd(6)}(while model output rendered, ${left.scans} scan${left.scans === 1 ? '' : 's'}; ${total(entries, 'securityChecks')?.breakdown.find((entry) => entry.startsWith('render-time fetches')) ?? 'no cases'})` : 'not scanned')
const axe = total(entries, 'accessibilityViolations')
line('accessibility:', axe ? `${String(axe.sum).padEnd(6)}(serious or critical axe violations in ${axe.scans} view${axe.scans === 1 ? '' : 's'} of the playground)` : 'not scanned')
const load = total(entries, 'loadRounds')
line('load:', load ? `${load.sum} tool rounds across concurrent sessions, no cross-talk` : 'not recorded')
console.log('')

if (!given) rmSync(directory, { recursive: true, force: true })
process.exit(status)
