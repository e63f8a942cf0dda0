import type { TSkill } from './skill-loader.ts'

/**
 * The prompt a skill invocation submits: the skill's body with `$ARGUMENTS` replaced by what the
 * user typed after the command, or, when the body has no placeholder, the arguments appended.
 */
export function buildSkillPrompt(skill: TSkill, args: string): string {
  const trimmed = args.trim()
  if (skill.content.includes('$ARGUMENTS')) return skill.content.replaceAll('$ARGUMENTS', trimmed)
  return trimmed === '' ? skill.content : `${skill.content}\n\nARGUMENTS: ${trimmed}`
}
