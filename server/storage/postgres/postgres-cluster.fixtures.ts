import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'

/** A PostgreSQL server a test can use, and how to stop it. */
export type TTestPostgresServer = { connectionString: string; stop(): void }

/** Why no server can start here, or the binaries to start one with. */
export type TPostgresBinaries = { available: true; binDirectory: string; runAs: string | undefined } | { available: false; reason: string }

// Debian's postgresql package keeps its server binaries out of PATH, one directory per major version.
const DEBIAN_ROOT = '/usr/lib/postgresql'

/** Finds `initdb` and `pg_ctl` (Debian's newest major version first, then PATH) and who must run them. */
export function findPostgresBinaries(): TPostgresBinaries {
  const binDirectory = debianBinDirectory() ?? pathBinDirectory()
  if (!binDirectory) return { available: false, reason: 'no PostgreSQL server binaries (initdb, pg_ctl): install Debian\'s postgresql package' }
  if (userInfo().uid !== 0) return { available: true, binDirectory, runAs: undefined }
  // The server refuses to run as root; Debian's package creates the postgres user for it.
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
    return { available: true, binDirectory, runAs: 'postgres' }
  } catch {
    return { available: false, reason: 'running as root and no postgres user exists to run the server as' }
  }
}

/**
 * Starts a throwaway cluster in a temporary directory, listening only on a Unix socket there,
 * with trust authentication and no fsync (nothing in it outlives the test). `stop()` removes it.
 */
export function startTestPostgresServer(binaries: Extract<TPostgresBinaries, { available: true }>): TTestPostgresServer {
  const directory = mkdtempSync(join(tmpdir(), 'robota-pg-'))
  const uid = binaries.runAs ? Number(execFileSync('id', ['-u', binaries.runAs], { encoding: 'utf8' }).trim()) : undefined
  if (uid !== undefined) chownSync(directory, uid, uid)
  const run = (tool: string, args: string[]) => {
    const command = join(binaries.binDirectory, tool)
    const [file, fileArgs] = binaries.runAs ? ['runuser', ['-u', binaries.runAs, '--', command, ...args]] : [command, args]
    execFileSync(file, fileArgs, { cwd: directory, stdio: 'pipe', timeout: 60_000 })
  }
  const data = join(directory, 'data')
  run('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync', '--no-instructions'])
  run('pg_ctl', ['-D', data, '-l', join(directory, 'server.log'), '-w', '-o', `-k ${directory} -c listen_addresses= -F`, 'start'])
  return {
    connectionString: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(directory)}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(directory, { recursive: true, force: true })
      }
    }
  }
}

function debianBinDirectory(): string | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined
  const versions = readdirSync(DEBIAN_ROOT).filter((name) => /^\d+$/.test(name)).sort((left, right) => Number(right) - Number(left))
  return versions.map((version) => join(DEBIAN_ROOT, version, 'bin')).find((directory) => existsSync(join(directory, 'initdb')) && existsSync(join(directory, 'pg_ctl')))
}

function pathBinDirectory(): string | undefined {
  return (process.env.PATH ?? '').split(':').find((directory) => directory && existsSync(join(directory, 'initdb')) && existsSync(join(directory, 'pg_ctl')))
}
