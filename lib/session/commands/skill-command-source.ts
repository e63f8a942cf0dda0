import type { ISandboxClient } from '../../../sandbox/sandbox-client.ts'
import type { TFileProblem } from '../markdown-frontmatter.ts'
import type { ICommand, ICommandSource } from './command-types.ts'
import { discoverSkills, PROJECT_SKILL_LOCATIONS, type TSkill, type TSkillLocation } from './skill-loader.ts'

/** Where a skill source looks besides the workspace's own folders. */
export type TSkillCommandSourceOptions = {
  /** Extra locations (absolute sandbox paths, such as a user's skill folder), scanned after `.claude/commands`. */
  userLocations?: readonly TSkillLocation[]
  /** Skills read elsewhere (enabled bundle plugins'), listed after the files' skills; a file's skill wins a name. */
  extraSkills?: readonly TSkill[]
}

/**
 * Slash commands from SKILL.md files in the sandbox workspace: `.claude/skills/*\/SKILL.md`,
 * `.claude/commands/*.md`, then user locations, then `.agents/skills/*\/SKILL.md`. The files are
 * read on `refresh()` and cached; `getCommands()` answers from the cache, so a palette stays
 * synchronous.
 */
export class SkillCommandSource implements ICommandSource {
  readonly name = 'skills'
  private skills: TSkill[] = []
  private problems: TFileProblem[] = []
  private loaded: Promise<void> | undefined
  private readonly locations: TSkillLocation[]
  private readonly extraSkills: readonly TSkill[]

  constructor(
    private readonly sandbox: ISandboxClient,
    private readonly cwd: string,
    options: TSkillCommandSourceOptions = {}
  ) {
    const [claudeSkills, claudeCommands, ...rest] = PROJECT_SKILL_LOCATIONS
    this.locations = [claudeSkills, claudeCommands, ...(options.userLocations ?? []), ...rest].filter(
      (location): location is TSkillLocation => location !== undefined
    )
    this.extraSkills = options.extraSkills ?? []
  }

  /** Reads the skill folders again. */
  refresh(): Promise<void> {
    this.loaded = discoverSkills(this.sandbox, this.cwd, this.locations).then((discovery) => {
      const names = new Set(discovery.skills.map((skill) => skill.name))
      this.skills = [...discovery.skills, ...this.extraSkills.filter((skill) => !names.has(skill.name))]
      this.problems = discovery.problems
    })
    return this.loaded
  }

  /** Reads the folders on first use only. */
  ensureLoaded(): Promise<void> {
    return this.loaded ?? this.refresh()
  }

  getCommands(): ICommand[] {
    return this.skills.map((skill) => ({
      name: skill.name,
      description: skill.description,
      origin: 'skill' as const,
      ...(skill.argumentHint ? { argumentHint: skill.argumentHint } : {})
    }))
  }

  /** The skills found by the last refresh. */
  getSkills(): TSkill[] {
    return [...this.skills]
  }

  /** The skill of that name (without the leading `/`), if any. */
  getSkill(name: string): TSkill | undefined {
    return this.skills.find((skill) => skill.name === name.replace(/^\//, ''))
  }

  /** Files the last refresh could not read as skills. */
  getProblems(): TFileProblem[] {
    return [...this.problems]
  }
}
