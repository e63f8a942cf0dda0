import * as z from 'zod'
import { ConfigurationError } from '../../core/errors.ts'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { describeSchemaIssues, toSchemaIssues } from '../../storage/session-record-schema.ts'
import { joinPath, resolvePosixPath } from '../../tools/builtins/posix-path.ts'
import { parseMarkdownFrontmatter, readNameList, type TFileProblem } from '../markdown-frontmatter.ts'
import { listOptionalDirectory, readOptionalFile } from '../sandbox-file-reader.ts'
import { BUILTIN_AGENT_DEFINITIONS, type IAgentDefinition } from './agent-definition.ts'
import { describeError } from '../../core/describe-error.ts'

/** Project folders of custom agents, highest priority first. */
export const PROJECT_AGENT_DIRECTORIES: readonly string[] = ['.robota/agents', '.claude/agents']

const nameList = z.union([z.string(), z.array(z.string())]).optional()

const agentFrontmatterSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits, and _ . : - only').optional(),
  description: z.string().trim().min(1),
  tools: nameList,
  disallowedTools: nameList,
  model: z.string().trim().min(1).optional(),
  maxTurns: z.int().positive().optional()
})

/** Agent definitions (built-in and custom) and files that could not be read as one. */
export type TAgentDiscovery = { definitions: IAgentDefinition[]; problems: TFileProblem[] }

/**
 * Parses a custom agent file: YAML frontmatter (name, description, tools, disallowedTools, model,
 * maxTurns) and a Markdown body that becomes the agent's system prompt.
 * @throws ConfigurationError whose message starts with the file's path and names the field.
 */
export async function parseAgentDefinition(text: string, path: string, defaultName: string): Promise<IAgentDefinition> {
  const document = await parseMarkdownFrontmatter(text, path)
  const result = agentFrontmatterSchema.safeParse(document.attributes)
  if (!result.success) {
    const issues = toSchemaIssues(result.error)
    throw new ConfigurationError(`${path}: ${describeSchemaIssues(issues)}`, { details: { file: path, path: issues[0]?.path } })
  }
  const { name, description, model, maxTurns } = result.data
  const tools = readNameList(result.data.tools)
  const disallowedTools = readNameList(result.data.disallowedTools)
  return {
    name: name ?? defaultName,
    description,
    systemPrompt: document.body || description,
    source: path,
    ...(model ? { model } : {}),
    ...(maxTurns ? { maxTurns } : {}),
    ...(tools ? { tools } : {}),
    ...(disallowedTools ? { disallowedTools } : {})
  }
}

/**
 * Loads the built-in agents and the custom ones in `.robota/agents/*.md` and `.claude/agents/*.md`
 * (then `extraDirectories`, absolute). A custom agent replaces a built-in of the same name; the
 * first folder wins between custom ones. Malformed files are reported and skipped.
 */
export async function loadAgentDefinitions(
  sandbox: ISandboxClient,
  cwd: string,
  extraDirectories: readonly string[] = []
): Promise<TAgentDiscovery> {
  const custom = new Map<string, IAgentDefinition>()
  const problems: TFileProblem[] = []
  for (const relative of [...PROJECT_AGENT_DIRECTORIES, ...extraDirectories]) {
    const directory = resolvePosixPath(cwd, relative)
    for (const entry of await listOptionalDirectory(sandbox, directory)) {
      if (entry.type === 'directory' || !entry.name.endsWith('.md')) continue
      const path = joinPath(directory, entry.name)
      const text = await readOptionalFile(sandbox, path)
      if (text === undefined) continue
      try {
        const definition = await parseAgentDefinition(text, path, entry.name.slice(0, -'.md'.length))
        if (!custom.has(definition.name)) custom.set(definition.name, definition)
      } catch (error) {
        problems.push({ file: path, message: describeError(error) })
      }
    }
  }
  const builtins = BUILTIN_AGENT_DEFINITIONS.filter((definition) => !custom.has(definition.name))
  return { definitions: [...builtins, ...custom.values()], problems }
}
