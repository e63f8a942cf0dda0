import { call, outcomeOf, say, type TDemoContext, type TDemoStep } from './demo-step.ts'

/**
 * One thing the offline demo understands: the words that ask for it, the tool it runs, and how
 * it answers from what that tool returned. The demo follows the first intent whose pattern the
 * prompt matches, so a user without a key can see each capability; it stays deterministic, so
 * specs and offline re-runs of a recorded session see the same moves.
 */
export type TDemoIntent = {
  /** A short name, for the docs' table and the tests. */
  name: string
  /** A prompt that asks for it. */
  example: string
  /** The tool it runs, if any. */
  tool?: string
  /** Whether a prompt asks for it. */
  matches: (prompt: string) => boolean
  /** The next move, given the results so far (none on the first move). */
  step: (context: TDemoContext) => TDemoStep
}

const HAIKU = 'Numbers side by side\nadded, multiplied, then checked\nthe tests hum along\n'
const EDIT_MARK = ' (edited by the offline demo)'
const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>`]+/i
const PATH_PATTERN = /(?:^|[\s"'`(])((?:[\w.-]+\/)*[\w-][\w.-]*\.[A-Za-z]\w*)(?=$|[\s"'`),.;:!?])/

/** The first file path the prompt names (`notes.txt`, `src/calculator.ts`). */
export function pathIn(prompt: string): string | undefined {
  return PATH_PATTERN.exec(prompt.replace(URL_PATTERN, ' '))?.[1]
}

/** The first command in backticks, or undefined. */
function commandIn(prompt: string): string | undefined {
  return /`([^`]+)`/.exec(prompt)?.[1]?.trim() || undefined
}

/** Text in quotes, the word after "for", or TODO when the prompt mentions it. */
function searchTermIn(prompt: string): string {
  const quoted = /["“']([^"”']+)["”']/.exec(prompt)?.[1]
  if (quoted) return quoted
  if (/\btodos?\b/i.test(prompt)) return 'TODO'
  return /\b(?:for|grep)\s+([\w.-]+)/i.exec(prompt)?.[1] ?? 'TODO'
}

/** The first glob pattern the prompt holds, or every file. */
function globIn(prompt: string): string {
  const pattern = /(?:^|\s)([\w./{},-]*\*[\w./*{},-]*)/.exec(prompt)?.[1]
  if (pattern) return pattern.includes('/') || pattern.startsWith('**') ? pattern : `**/${pattern}`
  const extension = /\.(\w+)\s+files\b/i.exec(prompt)?.[1] ?? /\b(ts|js|md|json)\s+files\b/i.exec(prompt)?.[1]
  return extension ? `**/*.${extension}` : '**/*'
}

/** The answer after the intent's one tool call: its output, or why it failed. */
function reportOf(context: TDemoContext, success: (output: string) => string, failure: (error: string) => string): TDemoStep {
  const outcome = outcomeOf(context.results.at(-1))
  if (!outcome) return say('The tool did not answer.')
  // A failed command's output (git's "fatal: …") says more than its exit code.
  const why = [outcome.error, outcome.output.trim()].filter(Boolean).join(': ')
  return say(outcome.ok ? success(outcome.output.trim()) : failure(why))
}

/** Tool output as a fenced code block, so the answer keeps its lines and indentation. */
function asCode(output: string): string {
  const fence = '`'.repeat(Math.max(3, ...[...output.matchAll(/`+/g)].map((run) => run[0].length + 1)))
  return `${fence}\n${output}\n${fence}`
}

// Grep and Glob say "No matches for …" / "No files match …" when they found nothing.
function foundNothing(output: string): boolean {
  return /^No (matches|files?)\b/i.test(output) || output.split('\n').every((line) => line.trim() === '' || line.startsWith('['))
}

function skillsIn(systemPrompt: string): Array<{ name: string; description: string }> {
  return [...systemPrompt.matchAll(/^## Skill: (\S+)\n(.*)$/gm)].map((match) => ({ name: match[1] ?? '', description: match[2] ?? '' }))
}

function gitCommandFor(prompt: string): string {
  if (/\binit\b/i.test(prompt)) return 'git init'
  if (/\bcommit\b/i.test(prompt)) return 'git add -A && git commit -m "Changes made with the offline demo"'
  if (/\bdiff\b/i.test(prompt)) return 'git diff'
  if (/\blog\b/i.test(prompt)) return 'git log --oneline'
  return 'git status'
}

/** What the demo understands, in the order it checks them. */
export const DEMO_INTENTS: readonly TDemoIntent[] = [
  {
    name: 'skill',
    example: 'Which skills do you have?',
    matches: (prompt) => /\bskills?\b/i.test(prompt),
    step: ({ systemPrompt }) => {
      const skills = skillsIn(systemPrompt)
      if (skills.length === 0) {
        return say('This workspace has no skills yet. Put a SKILL.md in .agents/skills/<name>/ (the Workspace tab applies one) and it becomes the command /<name>.')
      }
      const listed = skills.map((skill) => `/${skill.name} (${skill.description})`).join(', ')
      return say(`This workspace has ${skills.length === 1 ? 'one skill' : `${skills.length} skills`}: ${listed}. Type the command to run one; I follow its instructions.`)
    }
  },
  {
    name: 'compaction',
    example: 'Compact the conversation',
    matches: (prompt) => /\b(compact|compaction)\b/i.test(prompt),
    step: () => say('Type /compact (optionally followed by what to keep) and the session has me summarize the conversation; the summary then replaces it. A session also compacts by itself when its context window is nearly full.')
  },
  {
    name: 'web fetch',
    example: 'Fetch https://example.com',
    tool: 'WebFetch',
    matches: (prompt) => URL_PATTERN.test(prompt) || /\b(fetch|download)\b/i.test(prompt),
    step: (context) => {
      if (context.results.length === 0) {
        const url = URL_PATTERN.exec(context.prompt)?.[0] ?? 'https://example.com/'
        return call(`I'll fetch ${url}.`, context, 'WebFetch', { url })
      }
      return reportOf(
        context,
        (output) => `The page says: ${output.slice(0, 200)}${output.length > 200 ? '…' : ''}`,
        (error) => `I could not fetch it: ${error} The offline demo has no network of its own; with a real model and network the same tool reads the page.`
      )
    }
  },
  {
    name: 'git',
    example: 'Show the git status',
    tool: 'Bash',
    matches: (prompt) => /\bgit\b/i.test(prompt) || /\bcommit\b/i.test(prompt),
    step: (context) => {
      if (context.results.length === 0) {
        const command = gitCommandFor(context.prompt)
        return call(`I'll run \`${command}\`.`, context, 'Bash', { command })
      }
      return reportOf(
        context,
        (output) => (output ? `git says:\n\n${asCode(output)}` : 'git finished without output.'),
        (error) =>
          /not a git repository/i.test(error)
            ? 'This workspace is not a git repository yet. Ask me to "git init" first.'
            : `git refused: ${error}`
      )
    }
  },
  {
    name: 'run a command',
    example: 'Run `wc -l README.md`',
    tool: 'Bash',
    matches: (prompt) => /\b(run|execute)\b/i.test(prompt),
    step: (context) => {
      const command = commandIn(context.prompt)
      if (!command) {
        return /\btests?\b/i.test(context.prompt)
          ? say('I cannot run the tests here: the in-memory shell has no Node.js. Switch the session to an E2B sandbox for a real Linux machine, or give me a shell command in backticks, like: run `grep -c assert test/calculator.test.ts`.')
          : say('Give me the command in backticks, like: run `ls -la`, and I will run it in the sandbox.')
      }
      if (context.results.length === 0) return call(`I'll run \`${command}\`.`, context, 'Bash', { command })
      return reportOf(context, (output) => (output ? `It printed:\n\n${asCode(output)}` : 'It finished without output.'), (error) => `It failed: ${error}`)
    }
  },
  {
    name: 'write',
    example: 'Create notes.txt with a haiku',
    tool: 'Write',
    matches: (prompt) => /\b(create|write|save|new file)\b/i.test(prompt),
    step: (context) => {
      const filePath = pathIn(context.prompt) ?? 'notes.txt'
      if (context.results.length === 0) {
        const content = /\bhaiku\b/i.test(context.prompt) ? HAIKU : `Written by the offline demo for: ${context.prompt.trim()}\n`
        return call(`I'll write ${filePath}.`, context, 'Write', { filePath, content })
      }
      return reportOf(context, () => `${filePath} is written; the Workspace tab shows it.`, (error) => `I could not write ${filePath}: ${error}`)
    }
  },
  {
    name: 'edit',
    example: 'Edit README.md',
    tool: 'Edit',
    matches: (prompt) => /\b(edit|change|modify|update)\b/i.test(prompt),
    step: (context) => {
      const filePath = pathIn(context.prompt) ?? 'README.md'
      if (context.results.length === 0) return call(`I'll read ${filePath} before I change it.`, context, 'Read', { filePath })
      if (context.results.length === 1) {
        const read = outcomeOf(context.results[0])
        const firstLine = read?.ok ? /^\s*\d+\t(.*\S.*)$/m.exec(read.output)?.[1] : undefined
        if (!firstLine) return say(`I could not read ${filePath}: ${read?.error ?? 'it has no text to change'}`)
        return call('Now I mark its first line as edited.', context, 'Edit', { filePath, oldString: firstLine, newString: `${firstLine}${EDIT_MARK}` })
      }
      return reportOf(context, () => `I edited the first line of ${filePath}; the tool card shows the diff.`, (error) => `I could not edit ${filePath}: ${error}`)
    }
  },
  {
    name: 'search',
    example: 'Find the TODOs',
    tool: 'Grep',
    matches: (prompt) => /\b(grep|search|todos?|look for)\b/i.test(prompt),
    step: (context) => {
      const pattern = searchTermIn(context.prompt)
      if (context.results.length === 0) return call(`I'll search the workspace for "${pattern}".`, context, 'Grep', { pattern, outputMode: 'content' })
      return reportOf(
        context,
        (output) => (foundNothing(output) ? `Nothing in the workspace matches "${pattern}".` : `Found "${pattern}":\n\n${asCode(output)}`),
        (error) => `The search failed: ${error}`
      )
    }
  },
  {
    name: 'glob',
    example: 'Find all .ts files',
    tool: 'Glob',
    matches: (prompt) => /\b(glob|find)\b/i.test(prompt) || /\*/.test(prompt),
    step: (context) => {
      const pattern = globIn(context.prompt)
      if (context.results.length === 0) return call(`I'll look for files matching ${pattern}.`, context, 'Glob', { pattern })
      return reportOf(
        context,
        (output) => (foundNothing(output) ? `No file matches ${pattern}.` : `Files matching ${pattern}:\n\n${asCode(output)}`),
        (error) => `The file search failed: ${error}`
      )
    }
  },
  {
    name: 'read',
    example: 'Read src/calculator.ts',
    tool: 'Read',
    matches: (prompt) => /\b(read|show|open|cat|print)\b/i.test(prompt) && pathIn(prompt) !== undefined,
    step: (context) => {
      const filePath = pathIn(context.prompt) ?? 'README.md'
      if (context.results.length === 0) return call(`I'll read ${filePath}.`, context, 'Read', { filePath })
      return reportOf(context, (output) => `${filePath} reads:\n\n${asCode(output)}`, (error) => `I could not read ${filePath}: ${error}`)
    }
  },
  {
    name: 'list',
    example: 'List the files',
    tool: 'Bash',
    matches: (prompt) => /\b(list|ls|tree)\b/i.test(prompt),
    step: (context) => {
      if (context.results.length === 0) return call("I'll list the workspace.", context, 'Bash', { command: 'ls -R' })
      return reportOf(context, (output) => `The workspace holds:\n\n${asCode(output)}`, (error) => `Listing failed: ${error}`)
    }
  }
]

/** The intent a prompt asks for, if the demo understands one. */
export function intentFor(prompt: string): TDemoIntent | undefined {
  return DEMO_INTENTS.find((intent) => intent.matches(prompt))
}
