import type { Walker } from 'isomorphic-git'
import type { TGitInvocation } from './git-invocation.ts'
import { diffLines, splitLines } from './unified-diff.ts'

/** One side of a changed file: its text, blob id and octal mode. */
export type TFileSide = { text: string; id: string; mode: string }

/** A file that differs between two trees; a side is `undefined` where the file is absent. */
export type TChangedFile = { filepath: string; before: TFileSide | undefined; after: TFileSide | undefined }

/**
 * The files that differ from `before` to `after` (isomorphic-git walker trees: a commit's tree,
 * the index or the working tree), in path order. With no `before`, every file of `after` is new.
 * `trackedOnly` leaves out files absent from `before`, as `git diff` does for untracked files.
 */
export async function findChangedFiles(
  invocation: TGitInvocation,
  root: string,
  before: Walker | undefined,
  after: Walker,
  { trackedOnly = false }: { trackedOnly?: boolean } = {}
): Promise<TChangedFile[]> {
  const { git, fs } = invocation
  return (await git.walk({
    fs,
    dir: root,
    trees: before === undefined ? [after] : [before, after],
    map: async (filepath, entries) => {
      const [beforeEntry, afterEntry] = before === undefined ? [null, entries[0] ?? null] : [entries[0] ?? null, entries[1] ?? null]
      if (filepath === '.' || (await beforeEntry?.type()) === 'tree' || (await afterEntry?.type()) === 'tree') return undefined
      if (trackedOnly && beforeEntry === null) return undefined
      const [beforeId, afterId] = [await beforeEntry?.oid(), await afterEntry?.oid()]
      if (beforeId === afterId) return undefined
      const side = async (entry: typeof beforeEntry, id: string | undefined): Promise<TFileSide | undefined> => {
        if (entry === null || id === undefined) return undefined
        // A STAGE entry has no content of its own: its blob is read by id.
        const content = (await entry.content()) ?? (await git.readBlob({ fs, dir: root, oid: id })).blob
        return { text: new TextDecoder().decode(content), id, mode: (await entry.mode()).toString(8) }
      }
      return { filepath, before: await side(beforeEntry, beforeId), after: await side(afterEntry, afterId) }
    }
  })) as TChangedFile[]
}

/** A changed file's added and removed line counts, for `--stat` and commit summaries. */
export function countChangedLines({ filepath, before, after }: TChangedFile): { filepath: string; added: number; removed: number } {
  const lines = diffLines(splitLines(before?.text ?? ''), splitLines(after?.text ?? ''))
  return { filepath, added: lines.filter((line) => line.kind === '+').length, removed: lines.filter((line) => line.kind === '-').length }
}
