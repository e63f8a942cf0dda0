import type { IWorkspaceManifest } from '../../sandbox/workspace/workspace-manifest.ts'

/** Files in the manifest and in the grep tree, as the targets state them. */
export const WORKLOAD_FILE_COUNT = 1000

/** Size of each file `grep -r` reads. */
export const GREP_FILE_BYTES = 10 * 1024

/** The word `grep -r` looks for; one file in ten holds it once. */
export const GREP_NEEDLE = 'needle_7f3a'

/** A source-like line, so the text resembles a repository rather than one repeated byte. */
function sourceLine(file: number, line: number): string {
  return `export const value_${file}_${line} = compute(${line}, 'item-${(file * 31 + line) % 997}') // line ${line}\n`
}

function fileText(file: number, bytes: number): string {
  let text = ''
  for (let line = 0; text.length < bytes; line++) text += sourceLine(file, line)
  text = text.slice(0, bytes - 1)
  if (file % 10 === 0) text = `${text.slice(0, bytes / 2)}${GREP_NEEDLE}${text.slice(bytes / 2 + GREP_NEEDLE.length)}`
  return `${text}\n`
}

/** 1,000 files of about 1 KB in 20 directories, as a repository checkout would describe them. */
export function createBenchManifest(): IWorkspaceManifest {
  const entries: IWorkspaceManifest['entries'] = {}
  for (let file = 0; file < WORKLOAD_FILE_COUNT; file++) {
    entries[`src/module-${file % 20}/file-${file}.ts`] = { type: 'file', content: fileText(file, 1024) }
  }
  return { entries }
}

/** 1,000 files of 10 KB in 20 directories, keyed relative to the sandbox's working directory. */
export function createGrepTree(): Record<string, string> {
  const files: Record<string, string> = {}
  for (let file = 0; file < WORKLOAD_FILE_COUNT; file++) files[`tree/dir-${file % 20}/file-${file}.txt`] = fileText(file, GREP_FILE_BYTES)
  return files
}
