// `npm run bench`: installs the peers into bench/node_modules when they are missing (the root
// install and CI never do), bundles the TypeScript bench with esbuild and runs it with
// `--expose-gc`, so retained heap is measured between full collections. Arguments pass through:
// --quick, --only=robota,ai-generate-text,ai-stream-text,openai-agents, --skip-chromium,
// --skip-companions, --companions=playground-user-path,storage-long-session (only those), --update-docs.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleForNode } from './node-bundle.mjs'

const startedAt = Date.now()
const benchRoot = dirname(fileURLToPath(import.meta.url))
const cache = join(benchRoot, 'node_modules', '.robota-bench')

function peersInstalled() {
  const { devDependencies } = JSON.parse(readFileSync(join(benchRoot, 'package.json'), 'utf8'))
  return Object.entries(devDependencies).every(([name, version]) => {
    const manifest = join(benchRoot, 'node_modules', name, 'package.json')
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version
  })
}

if (!peersInstalled()) {
  console.error('bench: installing the peers into bench/node_modules (npm ci --prefix bench)…')
  const install = spawnSync('npm', ['ci', '--prefix', benchRoot, '--no-audit', '--no-fund'], { stdio: 'inherit' })
  if (install.status !== 0) process.exit(install.status ?? 1)
}

const bundle = join(cache, 'bench-main.mjs')
await bundleForNode(join(benchRoot, 'bench-main.ts'), bundle)
const run = spawnSync(process.execPath, ['--expose-gc', bundle, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ROBOTA_BENCH_STARTED_AT: String(startedAt) }
})
process.exit(run.status ?? 1)
