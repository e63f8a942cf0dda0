// Sums passed and failed tests over the vitest and Playwright JSON reports and prints the one
// closing line CI reads. A failed `npm test` with no failing test counted (a type error, a
// broken build) still counts as one failure, so the line never reports a red run as green.
import { existsSync, readFileSync } from 'node:fs'

const [vitestPath, playwrightPath, statusText] = process.argv.slice(2)
const status = Number(statusText)

function readJson(path) {
  return path && existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined
}

let passed = 0
let failed = 0
const vitest = readJson(vitestPath)
if (vitest) {
  passed += vitest.numPassedTests ?? 0
  failed += vitest.numFailedTests ?? 0
}
const playwright = readJson(playwrightPath)
if (playwright) {
  passed += (playwright.stats?.expected ?? 0) + (playwright.stats?.flaky ?? 0)
  failed += playwright.stats?.unexpected ?? 0
}
if (status !== 0 && failed === 0) failed = 1
if (!vitest || !playwright) console.log(`(reports found: vitest ${Boolean(vitest)}, playwright ${Boolean(playwright)})`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(status !== 0 || failed > 0 ? 1 : 0)
