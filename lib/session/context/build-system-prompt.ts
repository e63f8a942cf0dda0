import type { TProjectContext } from './load-project-context.ts'
import type { TProjectInfo } from './detect-project.ts'

/** The base instructions a session starts from when the caller gives none. */
export const DEFAULT_BASE_PROMPT =
  'You are Robota, a coding agent working in a sandboxed workspace. Inspect files with your tools ' +
  'before answering, make changes with the file tools, and answer concisely.'

/** Cap on the characters of one skill copied into the system prompt. */
export const SKILL_PROMPT_CHARACTER_LIMIT = 8_000

/** A skill as the system prompt lists it. */
export type TPromptSkill = { name: string; description: string; content: string }

/** Everything the system prompt is assembled from. */
export type TSystemPromptParts = {
  base?: string
  cwd?: string
  project?: TProjectInfo
  context?: TProjectContext
  skills?: readonly TPromptSkill[]
  /** The language every answer must be in. */
  language?: string
  /** What enabled bundle plugins add to the instructions, by bundle. */
  pluginPrompts?: ReadonlyArray<{ plugin: string; text: string }>
  /** Context that SessionStart hooks asked to add. */
  additionalContext?: readonly string[]
}

/**
 * Assembles the system prompt: base instructions, the workspace, the project's instruction files
 * (AGENTS.md, then CLAUDE.md), enabled bundle plugins' instructions, the skills the model may consult, hook context, and the response
 * language last, so it is the instruction the model read most recently.
 */
export function buildSystemPrompt(parts: TSystemPromptParts): string {
  const sections = [parts.base?.trim() || DEFAULT_BASE_PROMPT]
  const environment: string[] = []
  if (parts.cwd) environment.push(`Working directory: ${parts.cwd}`)
  if (parts.project && parts.project.type !== 'unknown') {
    const details = [parts.project.language, parts.project.packageManager].filter(Boolean).join(', ')
    environment.push(`Project type: ${parts.project.type}${details ? ` (${details})` : ''}`)
  }
  if (environment.length > 0) sections.push(`# Environment\n${environment.join('\n')}`)
  if (parts.context?.agentsMd) sections.push(`# Project instructions (AGENTS.md)\n${parts.context.agentsMd}`)
  if (parts.context?.claudeMd) sections.push(`# Project instructions (CLAUDE.md)\n${parts.context.claudeMd}`)
  for (const addition of parts.pluginPrompts ?? []) sections.push(`# Plugin instructions (${addition.plugin})\n${addition.text}`)
  if (parts.skills && parts.skills.length > 0) sections.push(describeSkills(parts.skills))
  for (const context of parts.additionalContext ?? []) if (context.trim()) sections.push(`# Session context\n${context.trim()}`)
  if (parts.language) sections.push(`# Response language\nAlways respond in ${parts.language}, whatever language the files are in.`)
  return sections.join('\n\n')
}

function describeSkills(skills: readonly TPromptSkill[]): string {
  const entries = skills.map((skill) => {
    const content = skill.content.length > SKILL_PROMPT_CHARACTER_LIMIT
      ? `${skill.content.slice(0, SKILL_PROMPT_CHARACTER_LIMIT)}\n[skill truncated]`
      : skill.content
    return `## Skill: ${skill.name}\n${skill.description}\n\n${content}`
  })
  return `# Skills\nWhen a request matches one of these skills, follow its instructions.\n\n${entries.join('\n\n')}`
}
