import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { listOptionalDirectory } from '../sandbox-file-reader.ts'

/** What kind of project the working directory holds, as far as its marker files tell. */
export type TProjectInfo = {
  type: 'node' | 'python' | 'rust' | 'go' | 'java' | 'unknown'
  /** The main programming language, when the markers say. */
  language?: string
  /** The package manager a lockfile points at. */
  packageManager?: string
}

// First match wins: a Node project with a Python helper script is still a Node project.
const MARKERS: ReadonlyArray<{ file: string; info: TProjectInfo }> = [
  { file: 'package.json', info: { type: 'node', language: 'javascript' } },
  { file: 'Cargo.toml', info: { type: 'rust', language: 'rust', packageManager: 'cargo' } },
  { file: 'go.mod', info: { type: 'go', language: 'go' } },
  { file: 'pyproject.toml', info: { type: 'python', language: 'python' } },
  { file: 'requirements.txt', info: { type: 'python', language: 'python', packageManager: 'pip' } },
  { file: 'pom.xml', info: { type: 'java', language: 'java', packageManager: 'maven' } },
  { file: 'build.gradle', info: { type: 'java', language: 'java', packageManager: 'gradle' } }
]

const NODE_LOCKFILES: ReadonlyArray<[string, string]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm']
]

/** Looks at the file names in `cwd` (one directory listing) and names the project type. */
export async function detectProject(sandbox: ISandboxClient, cwd: string): Promise<TProjectInfo> {
  const names = new Set((await listOptionalDirectory(sandbox, cwd)).map((entry) => entry.name))
  const marker = MARKERS.find((candidate) => names.has(candidate.file))
  if (!marker) return { type: 'unknown' }
  if (marker.info.type !== 'node') return { ...marker.info }
  const language = names.has('tsconfig.json') ? 'typescript' : 'javascript'
  const lockfile = NODE_LOCKFILES.find(([file]) => names.has(file))
  return { type: 'node', language, ...(lockfile ? { packageManager: lockfile[1] } : {}) }
}
