import { ValidationError } from '../../core/errors.ts'
import { formatIssuePath } from '../../storage/session-record-schema.ts'
import { sha256Text } from '../../storage/sha256-text.ts'
import type { IPluginFileStore } from '../../storage/plugin-file-store.ts'
import type { TOpenAPIDocument } from '../../tools/openapi/openapi-document.ts'
import { createOpenAPITools } from '../../tools/openapi/openapi-tool.ts'
import { listOpenAPIOperations } from '../../tools/openapi/plan-openapi-operation.ts'
import { parseSkill, type TSkill } from '../commands/skill-loader.ts'
import type { IAgentDefinition } from '../subagents/agent-definition.ts'
import { parseAgentDefinition } from '../subagents/load-agent-definitions.ts'
import { BUNDLE_MANIFEST_FILE, bundlePluginManifestSchema, type IBundlePluginManifest } from './bundle-plugin-manifest.ts'
import { bundlePathProblem, MAX_BUNDLE_FILE_CHARACTERS, MAX_BUNDLE_FILES } from './bundle-path.ts'
import type { ILoadedBundlePlugin, TBundleFiles, TBundleOpenApiDocument, TBundleProblem } from './loaded-bundle-plugin.ts'
import { describeError } from '../../core/describe-error.ts'

/**
 * Reads a bundle and validates all of it before anything uses it: every path, the manifest (with
 * zod), each command, skill and agent file, the files the manifest points at, and names that
 * repeat. Every problem is collected, so one error names them all.
 */
export class BundlePluginLoader {
  /**
   * Loads a bundle held in memory (a folder read, an archive unpacked).
   * @throws ValidationError whose `details.problems` lists each problem as `{ path, field?, message }`.
   */
  async load(files: TBundleFiles, origin = 'the bundle'): Promise<ILoadedBundlePlugin> {
    const problems: TBundleProblem[] = []
    const paths = Object.keys(files).sort()
    if (paths.length > MAX_BUNDLE_FILES) problems.push({ path: '', message: `a bundle holds at most ${MAX_BUNDLE_FILES} files; this one holds ${paths.length}` })
    for (const path of paths) {
      const problem = bundlePathProblem(path)
      if (problem) problems.push({ path, message: problem })
      else if (typeof files[path] !== 'string') problems.push({ path, message: 'a bundle file holds text' })
      else if ((files[path] as string).length > MAX_BUNDLE_FILE_CHARACTERS) problems.push({ path, message: `larger than ${MAX_BUNDLE_FILE_CHARACTERS} characters` })
    }
    if (problems.length > 0) throw bundleError(origin, problems)
    const manifest = readManifest(files, problems)
    const prefix = manifest?.name ?? 'plugin'
    const commands = await readMarkdown(files, paths, problems, /^commands\/([^/]+)\.md$/, async (text, path, name) => qualify(await parseSkill(text, path, name), prefix))
    const skills = await readMarkdown(files, paths, problems, /^skills\/([^/]+)\/SKILL\.md$/, async (text, path, name) => qualify(await parseSkill(text, path, name), prefix))
    const agents = await readMarkdown(files, paths, problems, /^agents\/([^/]+)\.md$/, async (text, path, name) => qualify(await parseAgentDefinition(text, path, name), prefix))
    for (const path of paths) {
      if (/^(commands|agents)\//.test(path) && !/^(commands|agents)\/[^/]+\.md$/.test(path)) {
        problems.push({ path, message: 'commands/ and agents/ hold .md files only, with no folders' })
      }
    }
    reportRepeats([...commands, ...skills], 'command or skill', problems)
    reportRepeats(agents, 'agent', problems)
    const systemPrompt = manifest ? readSystemPrompt(manifest, files, problems) : undefined
    const tools = manifest ? readOpenApiDocuments(manifest, files, problems) : []
    if (problems.length > 0 || !manifest) throw bundleError(origin, problems)
    return {
      manifest,
      commands,
      skills,
      agents,
      hooks: manifest.hooks ?? {},
      permissions: { allow: manifest.permissions?.allow ?? [], deny: manifest.permissions?.deny ?? [] },
      ...(systemPrompt ? { systemPrompt } : {}),
      tools,
      mcpServers: manifest.mcpServers ?? {},
      pins: Object.fromEntries(paths.map((path) => [path, sha256Text(files[path] as string)]))
    }
  }

  /**
   * Loads the bundle kept under `directory` of a plugin store.
   * @throws ValidationError as `load` does, naming the store's location.
   */
  async loadDirectory(store: IPluginFileStore, directory: string): Promise<ILoadedBundlePlugin> {
    return this.load(await readBundleDirectory(store, directory), `${directory} in ${store.location}`)
  }
}

/** Every file under `directory` of a store, keyed by its path inside the bundle. */
export async function readBundleDirectory(store: IPluginFileStore, directory: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const path of await store.list(directory)) {
    const text = await store.read(path)
    if (text !== undefined) files[path.slice(directory.length + 1)] = text
  }
  return files
}

function bundleError(origin: string, problems: readonly TBundleProblem[]): ValidationError {
  const listed = problems.map((problem) => `${problem.path || '(bundle)'}${problem.field ? ` ${problem.field}` : ''}: ${problem.message}`)
  return new ValidationError(`${origin} is not a valid bundle plugin, nothing was installed:\n- ${listed.join('\n- ')}`, { details: { problems: [...problems] } })
}

function readManifest(files: TBundleFiles, problems: TBundleProblem[]): IBundlePluginManifest | undefined {
  const text = files[BUNDLE_MANIFEST_FILE]
  if (text === undefined) {
    problems.push({ path: BUNDLE_MANIFEST_FILE, message: 'missing: every bundle has a plugin.json at its root' })
    return undefined
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    problems.push({ path: BUNDLE_MANIFEST_FILE, message: `not valid JSON: ${describeError(error)}` })
    return undefined
  }
  const result = bundlePluginManifestSchema.safeParse(value)
  if (result.success) return result.data as IBundlePluginManifest
  for (const issue of result.error.issues) problems.push({ path: BUNDLE_MANIFEST_FILE, field: formatIssuePath(issue.path), message: issue.message })
  return undefined
}

async function readMarkdown<TItem>(
  files: TBundleFiles,
  paths: readonly string[],
  problems: TBundleProblem[],
  pattern: RegExp,
  parse: (text: string, path: string, name: string) => Promise<TItem>
): Promise<TItem[]> {
  const items: TItem[] = []
  for (const path of paths) {
    const name = pattern.exec(path)?.[1]
    if (name === undefined) continue
    try {
      items.push(await parse(files[path] as string, path, name))
    } catch (error) {
      problems.push({ path, message: (describeError(error)).replace(`${path}: `, '') })
    }
  }
  return items
}

function qualify<TItem extends TSkill | IAgentDefinition>(item: TItem, prefix: string): TItem {
  return { ...item, name: `${prefix}:${item.name}` }
}

function reportRepeats(items: ReadonlyArray<{ name: string; path?: string; source?: string }>, kind: string, problems: TBundleProblem[]): void {
  const seen = new Map<string, string>()
  for (const item of items) {
    const path = item.path ?? item.source ?? ''
    const first = seen.get(item.name)
    if (first !== undefined) problems.push({ path, field: 'name', message: `the ${kind} name "${item.name}" is taken by ${first}` })
    else seen.set(item.name, path)
  }
}

function readSystemPrompt(manifest: IBundlePluginManifest, files: TBundleFiles, problems: TBundleProblem[]): string | undefined {
  if (manifest.systemPrompt !== undefined && manifest.systemPromptFile !== undefined) {
    problems.push({ path: BUNDLE_MANIFEST_FILE, field: 'systemPromptFile', message: 'give systemPrompt or systemPromptFile, not both' })
    return undefined
  }
  if (manifest.systemPromptFile === undefined) return manifest.systemPrompt
  const text = referencedFile(manifest.systemPromptFile, 'systemPromptFile', files, problems)
  return text?.trim() || undefined
}

function readOpenApiDocuments(manifest: IBundlePluginManifest, files: TBundleFiles, problems: TBundleProblem[]): TBundleOpenApiDocument[] {
  const documents: TBundleOpenApiDocument[] = []
  for (const [index, entry] of (manifest.openapi ?? []).entries()) {
    const field = `openapi[${index}].file`
    const text = referencedFile(entry.file, field, files, problems)
    if (text === undefined) continue
    try {
      const document = JSON.parse(text) as TOpenAPIDocument
      if (typeof document?.openapi !== 'string' || typeof document.paths !== 'object' || document.paths === null) throw new Error('expected an OpenAPI 3 document with "openapi" and "paths"')
      if (listOpenAPIOperations(document).length === 0) throw new Error('the document has no operation')
      // Builds the tools once here, so a document without a server (and no baseUrl) is refused now.
      createOpenAPITools(document, entry.baseUrl ? { baseUrl: entry.baseUrl } : {})
      documents.push({ file: entry.file, document, ...(entry.baseUrl ? { baseUrl: entry.baseUrl } : {}) })
    } catch (error) {
      problems.push({ path: entry.file, message: describeError(error) })
    }
  }
  return documents
}

function referencedFile(path: string, field: string, files: TBundleFiles, problems: TBundleProblem[]): string | undefined {
  const problem = bundlePathProblem(path)
  if (problem) {
    problems.push({ path: BUNDLE_MANIFEST_FILE, field, message: problem })
    return undefined
  }
  const text = files[path]
  if (text === undefined) problems.push({ path: BUNDLE_MANIFEST_FILE, field, message: `names ${path}, which the bundle does not hold` })
  return text
}
