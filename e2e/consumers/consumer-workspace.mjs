// A fresh app's folder, used by the consumer matrix (e2e/consumer-matrix.spec.ts) and by the
// bench's consumer sizes (bench/consumer-sizes.mjs). Plain JavaScript, so both can import it.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = join(HERE, '..', '..')

/**
 * Packs the package exactly as it would be published (after `npm run build`), then installs it
 * into a new folder beside an app's toolchain (its bundlers, TypeScript and zod) from the
 * toolchain's lockfile. Neither vendor SDK is installed: the optional peers stay optional. The
 * folder lies outside the repository, so nothing resolves from the repository's node_modules.
 * @returns {import('./consumer-workspace.d.mts').TConsumerWorkspace}
 */
export function prepareConsumerWorkspace() {
  const directory = mkdtempSync(join(tmpdir(), 'robota-consumer-'))
  const quiet = { cwd: directory, stdio: 'pipe', timeout: 300_000, env: npmEnvironment() }
  cpSync(join(HERE, 'toolchain', 'package.json'), join(directory, 'package.json'))
  cpSync(join(HERE, 'toolchain', 'package-lock.json'), join(directory, 'package-lock.json'))
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], quiet)
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', directory], { ...quiet, cwd: ROOT })
  const tarball = readdirSync(directory).find((name) => /^robota-.*\.tgz$/.test(name))
  if (!tarball) throw new Error(`npm pack left no robota-*.tgz in ${directory}`)
  execFileSync('npm', ['install', '--no-save', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], quiet)
  cpSync(join(HERE, 'apps'), join(directory, 'apps'), { recursive: true })
  cpSync(join(HERE, 'bundlers'), join(directory, 'bundlers'), { recursive: true })
  return {
    directory,
    run(program, args, options = {}) {
      const executable = program === 'node' ? process.execPath : join(directory, 'node_modules', '.bin', program)
      return execFileSync(executable, args, { cwd: directory, encoding: 'utf8', timeout: options.timeoutMs ?? 180_000, env: npmEnvironment(), stdio: 'pipe' })
    },
    remove: () => rmSync(directory, { recursive: true, force: true })
  }
}

/** Vite 7's command, installed beside Vite 8 under another name (the toolchain's `vite-rollup`). */
export const VITE_ROLLUP = 'node_modules/vite-rollup/bin/vite.js'

/**
 * How each bundler builds the consumer app, where its output goes, and whether its scripts are ES
 * modules (whose static imports show what loads together; webpack's classic chunks load through
 * its runtime instead, and its build writes `stats.json` to say which).
 */
export const CONSUMER_BUILDS = [
  { name: 'Vite build', program: 'vite', args: ['build', '--config', 'bundlers/vite.config.js', '--logLevel', 'warn'], out: 'out/vite', esModules: true },
  // The same config with Vite 7, whose builds go through Rollup (as VitePress's, Astro's and many apps' still do).
  {
    name: 'Vite 7 build (Rollup)',
    program: 'node',
    args: [VITE_ROLLUP, 'build', '--config', 'bundlers/vite.config.js', '--outDir', '../../out/vite-rollup', '--logLevel', 'warn'],
    out: 'out/vite-rollup',
    esModules: true
  },
  { name: 'webpack 5', program: 'node', args: ['bundlers/build-webpack.mjs'], out: 'out/webpack', esModules: false },
  { name: 'esbuild', program: 'node', args: ['bundlers/build-esbuild.mjs'], out: 'out/esbuild', esModules: true }
]

// Without colour, so output can be read; and without the test runner's own settings.
function npmEnvironment() {
  const { FORCE_COLOR: _forceColor, NODE_OPTIONS: _nodeOptions, ...env } = process.env
  return { ...env, NO_COLOR: '1' }
}
