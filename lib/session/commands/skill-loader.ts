import * as z from 'zod'
import { ConfigurationError } from '../../core/errors.ts'
import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import { describeSchemaIssues, toSchemaIssues } from '../../storage/session-record-schema.ts'
import { joinPath, resolvePosixPath } from '../../tools/builtins/posix-path.ts'
import { firstLineOf, parseMarkdownFrontmatter, readNameList, type TFileProblem } from '../markdown-frontmatter.ts'
import { listOptionalDirectory, readOptionalFile } from '../sandbox-file-reader.ts'
import { describeError } from '../../core/describe-error.ts'

/** A skill: instructions the model follows when invoked as a slash command or when a request fits. */
export type TSkill = {
  name: string
  description: string
  /** The Markdown body; `$ARGUMENTS` in it is replaced by what follows the command. */
  content: string
  /** The file it was read from. */
  path: string
  argumentHint?: string
  /** Tools the skill expects to use, as its frontmatter lists them. */
  allowedTools?: string[]
}

/** How a skill directory is laid out: one folder per skill holding SKILL.md, or one .md per command. */
export type TSkillLayout = 'skill-folders' | 'markdown-files'

/** A directory to scan and its layout; relative directories resolve against the workspace. */
export type TSkillLocation = { directory: string; layout: TSkillLayout }

/** Project skill locations, highest priority first: a name found earlier wins. */
export const PROJECT_SKILL_LOCATIONS: readonly TSkillLocation[] = [
  { directory: '.claude/skills', layout: 'skill-folders' },
  { directory: '.claude/commands', layout: 'markdown-files' },
  { directory: '.agents/skills', layout: 'skill-folders' }
]

const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/

const skillFrontmatterSchema = z.object({
  name: z.string().regex(SKILL_NAME, 'letters, digits, and _ . : - only').optional(),
  description: z.string().optional(),
  'argument-hint': z.string().optional(),
  'allowed-tools': z.union([z.string(), z.array(z.string())]).optional()
})

/** Skills found and files that could not be read as skills. */
export type TSkillDiscovery = { skills: TSkill[]; problems: TFileProblem[] }

/**
 * Reads every skill under `locations` from the sandbox filesystem. On a name collision the
 * earlier location wins; a malformed file is reported in `problems` and skipped.
 */
export async function discoverSkills(
  sandbox: ISandboxClient,
  cwd: string,
  locations: readonly TSkillLocation[] = PROJECT_SKILL_LOCATIONS
): Promise<TSkillDiscovery> {
  const skills = new Map<string, TSkill>()
  const problems: TFileProblem[] = []
  for (const location of locations) {
    const directory = resolvePosixPath(cwd, location.directory)
    for (const entry of await listOptionalDirectory(sandbox, directory)) {
      const candidate = skillFile(directory, location.layout, entry)
      if (!candidate) continue
      const text = await readOptionalFile(sandbox, candidate.path)
      if (text === undefined) continue
      try {
        const skill = await parseSkill(text, candidate.path, candidate.defaultName)
        if (!skills.has(skill.name)) skills.set(skill.name, skill)
      } catch (error) {
        problems.push({ file: candidate.path, message: describeError(error) })
      }
    }
  }
  return { skills: [...skills.values()], problems }
}

function skillFile(directory: string, layout: TSkillLayout, entry: { name: string; type: string }) {
  if (layout === 'skill-folders') {
    return entry.type === 'file' ? undefined : { path: joinPath(joinPath(directory, entry.name), 'SKILL.md'), defaultName: entry.name }
  }
  if (entry.type === 'directory' || !entry.name.endsWith('.md')) return undefined
  return { path: joinPath(directory, entry.name), defaultName: entry.name.slice(0, -'.md'.length) }
}

/**
 * Parses one skill file. The name defaults to its folder (or file) name and the description to
 * the body's first line.
 * @throws ConfigurationError naming the file when the frontmatter is malformed.
 */
export async function parseSkill(text: string, path: string, defaultName: string): Promise<TSkill> {
  const document = await parseMarkdownFrontmatter(text, path)
  const result = skillFrontmatterSchema.safeParse(document.attributes)
  if (!result.success) {
    const issues = toSchemaIssues(result.error)
    throw new ConfigurationError(`${path}: ${describeSchemaIssues(issues)}`, { details: { file: path, path: issues[0]?.path } })
  }
  const name = result.data.name ?? defaultName
  if (!SKILL_NAME.test(name)) {
    throw new ConfigurationError(`${path}: "${name}" cannot be a command name; set a name in the frontmatter`, { details: { file: path } })
  }
  const allowedTools = readNameList(result.data['allowed-tools'])
  return {
    name,
    description: result.data.description?.trim() || firstLineOf(document.body) || `Skill ${name}`,
    content: document.body,
    path,
    ...(result.data['argument-hint'] ? { argumentHint: result.data['argument-hint'] } : {}),
    ...(allowedTools ? { allowedTools } : {})
  }
}

/** @deprecated use `TSkill`; the `I` prefix marks interfaces and the specs' names. */
export type ISkill = TSkill
