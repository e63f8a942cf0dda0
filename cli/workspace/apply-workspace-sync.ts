import { lstat, mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { ValidationError } from '../../lib/core/errors.ts'
import { describeWorkspaceManifestPathProblem } from '../../sandbox/workspace/workspace-manifest-path.ts'
import type { TWorkspaceSyncChange } from './workspace-sync-plan.ts'

/**
 * Writes confirmed changes to the host directory: each file through a temporary file and a
 * rename, deletions last. Every path is checked first (relative, inside the directory, reached
 * through no symbolic link), so a refused plan writes nothing.
 * @throws ValidationError naming the first path that would leave the directory.
 */
export async function applyWorkspaceSync(hostDirectory: string, changes: readonly TWorkspaceSyncChange[]): Promise<void> {
  const root = await realpath(hostDirectory)
  const targets = new Map<TWorkspaceSyncChange, string>()
  for (const change of changes) targets.set(change, await checkTarget(root, change.path))
  for (const change of changes) {
    const target = targets.get(change) as string
    if (change.kind === 'delete') continue
    await mkdir(dirname(target), { recursive: true })
    const temporary = `${target}.robota-sync-${process.pid}.tmp`
    await writeFile(temporary, change.content ?? new Uint8Array())
    await rename(temporary, target)
  }
  for (const change of changes) {
    if (change.kind === 'delete') await rm(targets.get(change) as string, { force: true })
  }
}

async function checkTarget(root: string, path: string): Promise<string> {
  const problem = describeWorkspaceManifestPathProblem(path)
  if (problem !== undefined) throw new ValidationError(`/sync: refusing "${path}": ${problem}.`)
  const target = resolve(root, path)
  if (relative(root, target).startsWith('..') || !target.startsWith(root + sep)) throw new ValidationError(`/sync: refusing "${path}": it leaves ${root}.`)
  // Every existing part of the path must be a plain directory or file, never a link out.
  let current = root
  for (const segment of relative(root, target).split(sep)) {
    current = join(current, segment)
    const stats = await lstat(current).catch(() => undefined)
    if (stats === undefined) break
    if (stats.isSymbolicLink()) throw new ValidationError(`/sync: refusing "${path}": ${relative(root, current)} is a symbolic link.`)
  }
  return target
}
