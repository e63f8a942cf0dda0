import { WorkspaceManifestError } from './workspace-manifest-error.ts'
import type { IWorkspaceManifest, TWorkspaceManifestEntry, TWorkspaceManifestPermissions } from './workspace-manifest.ts'
import {
  DEFAULT_WORKSPACE_TARGET_ROOT,
  describeTargetRootProblem,
  describeWorkspaceManifestPathProblem,
  joinWorkspacePath,
  validateWorkspaceManifestPath
} from './workspace-manifest-path.ts'
import { describeEntryProblems } from './workspace-manifest-entry-problems.ts'

/** One entry, checked, with where it lands and (for inline files) the exact bytes or text to write. */
export type TWorkspaceManifestStep = {
  path: string
  targetPath: string
  entry: TWorkspaceManifestEntry
}

/** A manifest that passed every check: nothing in it can fail before its first write. */
export type TWorkspaceManifestPlan = {
  targetRoot: string
  steps: TWorkspaceManifestStep[]
  environment: Record<string, string> | undefined
  permissions: TWorkspaceManifestPermissions | undefined
}

const knownFields = new Set(['entries', 'environment', 'permissions'])
const environmentName = /^[A-Za-z_][A-Za-z0-9_]*$/
// Entries below these would be overwritten by, or written into, something that is not a directory.
const leafTypes = new Set(['file', 'url', 'gitRepo'])

/**
 * Checks a whole manifest (of unknown shape, as it may come from JSON) and returns the plan, or
 * throws one `WorkspaceManifestError` listing every problem, each naming its entry or field.
 */
export function planWorkspaceManifest(manifest: unknown, targetRoot: unknown = DEFAULT_WORKSPACE_TARGET_ROOT): TWorkspaceManifestPlan {
  const problems: string[] = []
  const rootProblem = describeTargetRootProblem(targetRoot)
  if (rootProblem !== undefined) problems.push(rootProblem)
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw new WorkspaceManifestError('WORKSPACE_MANIFEST_INVALID', [...problems, 'the manifest is not an object'])
  }
  const record = manifest as Record<string, unknown>
  for (const field of Object.keys(record)) {
    if (!knownFields.has(field)) problems.push(`unknown field ${JSON.stringify(field)} (expected entries, environment or permissions)`)
  }
  const entries = record.entries
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
    problems.push('"entries" must be an object keyed by workspace-relative path')
  }
  problems.push(...describeEnvironmentProblems(record.environment), ...describePermissionsProblems(record.permissions))

  const steps: TWorkspaceManifestStep[] = []
  const typeByPath = new Map<string, string>()
  for (const [rawPath, entry] of Object.entries((entries ?? {}) as Record<string, unknown>)) {
    const pathProblem = describeWorkspaceManifestPathProblem(rawPath)
    const entryProblems = describeEntryProblems(entry)
    if (pathProblem !== undefined) problems.push(`entry ${JSON.stringify(rawPath)}: ${pathProblem}`)
    problems.push(...entryProblems.map((problem) => `entry ${JSON.stringify(rawPath)}: ${problem}`))
    if (pathProblem !== undefined || entryProblems.length > 0) continue
    const path = validateWorkspaceManifestPath(rawPath)
    if (typeByPath.has(path)) {
      problems.push(`entry ${JSON.stringify(rawPath)}: the path ${JSON.stringify(path)} is already used by another entry`)
      continue
    }
    typeByPath.set(path, (entry as TWorkspaceManifestEntry).type)
    steps.push({ path, targetPath: '', entry: entry as TWorkspaceManifestEntry })
  }
  for (const { path } of steps) {
    const segments = path.split('/')
    for (let length = 1; length < segments.length; length += 1) {
      const ancestor = segments.slice(0, length).join('/')
      const ancestorType = typeByPath.get(ancestor)
      if (ancestorType !== undefined && leafTypes.has(ancestorType)) {
        problems.push(`entry ${JSON.stringify(path)}: it lies inside the ${ancestorType} entry ${JSON.stringify(ancestor)}`)
      }
    }
  }
  if (problems.length > 0) throw new WorkspaceManifestError('WORKSPACE_MANIFEST_INVALID', problems)

  const root = targetRoot as string
  const typed = record as Partial<IWorkspaceManifest>
  return {
    targetRoot: root,
    steps: steps.map((step) => ({ ...step, targetPath: joinWorkspacePath(root, step.path) })),
    environment: typed.environment === undefined ? undefined : { ...typed.environment },
    permissions: typed.permissions
  }
}

function describeEnvironmentProblems(environment: unknown): string[] {
  if (environment === undefined) return []
  if (typeof environment !== 'object' || environment === null || Array.isArray(environment)) {
    return ['"environment" must be an object of string values']
  }
  return Object.entries(environment).flatMap(([name, value]) => [
    ...(environmentName.test(name) ? [] : [`environment variable ${JSON.stringify(name)} is not a valid name`]),
    ...(typeof value === 'string' ? [] : [`environment variable ${JSON.stringify(name)} must be a string`])
  ])
}

function describePermissionsProblems(permissions: unknown): string[] {
  if (permissions === undefined) return []
  if (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions)) {
    return ['"permissions" must be an object with "read" and "write" lists']
  }
  return Object.entries(permissions).flatMap(([kind, patterns]) => {
    if (kind !== 'read' && kind !== 'write') return [`permissions: unknown field ${JSON.stringify(kind)} (expected read or write)`]
    const valid = Array.isArray(patterns) && patterns.every((pattern) => typeof pattern === 'string' && pattern.length > 0)
    return valid ? [] : [`permissions.${kind} must be a list of non-empty path patterns`]
  })
}
