/** A shell command line split into the simple commands a shell would run. */
export type TCommandSegments = {
  /** Each simple command, trimmed, leading variable assignments and shell keywords removed. */
  segments: string[]
  /** True when the line runs more than one command: a separator, a pipe, a subshell or a substitution. */
  compound: boolean
}

const SEPARATORS = new Set([';', '&', '|', '\n', '(', ')'])

const LEADING_NOISE = /^(?:(?:[A-Za-z_][A-Za-z0-9_]*=(?:'[^']*'|"[^"]*"|\S*)|then|do|else|elif|if|while|until|!|\{)\s+)+/

// Words that run the command after them: `command rm`, `env X=1 rm`, `nohup rm` run `rm`.
const WRAPPERS = /^(?:(?:command|builtin|exec|nohup|time|env(?: -[A-Za-z]+)*(?: [A-Za-z_][A-Za-z0-9_]*=\S*)*) )+/

/**
 * The command as a pattern should see it: wrappers dropped and the program named plainly, so
 * `\rm`, `'rm'`, `/bin/rm`, `command rm` and `env rm` are all `rm` to a deny pattern.
 */
export function canonicalizeCommand(segment: string): string {
  let text = segment
  for (let previous = ''; previous !== text; ) {
    previous = text
    text = text.replace(LEADING_NOISE, '').replace(WRAPPERS, '')
  }
  const [program = '', ...rest] = text.split(' ')
  const plain = program.replace(/^\\+/, '').replace(/^(['"])(.*)\1$/, '$2').replace(/^.*\//, '')
  return [plain, ...rest].join(' ')
}

/** Collapses runs of whitespace, so `rm  -rf` and `rm -rf` are one command to a pattern. */
export function normalizeCommand(command: string): string {
  return command.trim().replace(/\s+/g, ' ')
}

/**
 * Splits a command line on `;`, `&`, `&&`, `|`, `||`, newlines, parentheses, `$(…)`, backticks
 * and `<(…)`/`>(…)` outside single quotes (a backslash escapes one character). Inside double
 * quotes only substitutions split, since the shell still runs them there. Redirections such as
 * `2>&1` are not separators. A heuristic for matching deny patterns, not a shell parser.
 */
export function splitCommandSegments(command: string): TCommandSegments {
  const segments: string[] = []
  let current = ''
  let quote: "'" | '"' | undefined
  let compound = false
  const boundary = (): void => {
    compound = true
    segments.push(current)
    current = ''
  }
  for (let index = 0; index < command.length; index++) {
    const character = command[index] as string
    const next = command[index + 1]
    if (quote === "'") {
      current += character
      if (character === "'") quote = undefined
      continue
    }
    if (character === '\\') {
      current += character + (next ?? '')
      index++
      continue
    }
    const substitution = character === '`' || (character === '$' && next === '(') || ((character === '<' || character === '>') && next === '(')
    if (substitution) {
      // What a substitution runs is a command of its own, even inside double quotes.
      quote = undefined
      boundary()
      if (character !== '`') index++
      continue
    }
    if (quote === '"') {
      current += character
      if (character === '"') quote = undefined
      continue
    }
    if (character === "'" || character === '"') {
      quote = character
      current += character
      continue
    }
    const previous = command[index - 1]
    const redirection = character === '&' && (previous === '>' || previous === '<' || next === '>')
    if (!redirection && SEPARATORS.has(character)) {
      boundary()
      continue
    }
    current += character
  }
  segments.push(current)
  const cleaned = segments.map((segment) => canonicalizeCommand(normalizeCommand(segment))).filter((segment) => segment !== '')
  return { segments: cleaned, compound }
}
