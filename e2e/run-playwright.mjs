// Finds Chromium (CHROMIUM_PATH, then the Debian package), installs Debian's package when it is
// missing and we may, then runs the Playwright suite. Playwright's own browser download is never
// used: it cannot reach its host here.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM].filter(Boolean)
  return candidates.find((path) => existsSync(path))
}

function installDebianChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return
  console.log('Chromium not found: installing Debian chromium with apt-get…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env })
}

let chromium = findChromium()
if (!chromium) {
  installDebianChromium()
  chromium = findChromium()
}
if (!chromium) {
  console.error(
    'No Chromium found. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.'
  )
  process.exit(1)
}

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium }
})
process.exit(result.status ?? 1)
