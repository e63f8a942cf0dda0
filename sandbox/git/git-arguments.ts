import { GitCommandFailure } from './git-invocation.ts'

/** One option of a `git` subcommand: its spellings, and whether it takes a value. */
export type TGitOption = {
  /** Every spelling: `-m`, `--message`. */
  names: readonly string[]
  /** Takes a value: `-m msg`, `-mmsg`, `--message msg`, `--message=msg`; every occurrence is kept. */
  takesValue?: boolean
  /** `-<number>` means this option with that number as its value, as `git log -3` does. */
  numericShorthand?: boolean
}

/** The options of a subcommand, by the key its parsed result uses, and its usage line. */
export type TGitCommandSyntax<TOptions extends Record<string, TGitOption>> = {
  /** `git diff`, for messages. */
  command: string
  /** What follows `usage: ` when an argument is refused. */
  usage: string
  options: TOptions
}

/** Values of parsed options: `true` for a flag that was given, every value in order for one that takes values. */
export type TParsedGitOptions<TOptions extends Record<string, TGitOption>> = {
  [TKey in keyof TOptions]: TOptions[TKey] extends { takesValue: true } ? string[] : boolean
}

/** A parsed command line. */
export type TParsedGitArguments<TOptions extends Record<string, TGitOption>> = {
  options: TParsedGitOptions<TOptions>
  /** Arguments that are not options, before any `--`. */
  positionals: string[]
  /** Arguments after `--`, or `undefined` when there was no `--`. */
  afterSeparator: string[] | undefined
}

/** A command line git refuses: printed as `error: <message>` and the usage line, exit 129 as git does. */
export class GitUsageFailure extends GitCommandFailure {
  constructor(
    message: string,
    readonly usage: string
  ) {
    super(message, 129)
  }
}

/** A subcommand's syntax, keeping the option table's literal types so parsed options are typed. */
export function defineGitCommand<const TOptions extends Record<string, TGitOption>>(
  command: string,
  usage: string,
  options: TOptions
): TGitCommandSyntax<TOptions> {
  return { command, usage, options }
}

/**
 * Parses a subcommand's arguments against its option table the way git does: options and
 * positionals in any order, short flags bundled (`-am msg`), values inline or next
 * (`-mmsg`, `--message=msg`), `--` ending the options. An option not in the table is refused
 * with a `GitUsageFailure` that names it, never taken for a path.
 */
export function parseGitArguments<TOptions extends Record<string, TGitOption>>(
  syntax: TGitCommandSyntax<TOptions>,
  args: readonly string[]
): TParsedGitArguments<TOptions> {
  const byName = new Map<string, string>()
  for (const [key, option] of Object.entries(syntax.options)) for (const name of option.names) byName.set(name, key)
  const options: Record<string, boolean | string[]> = {}
  for (const [key, option] of Object.entries(syntax.options)) options[key] = option.takesValue ? [] : false
  const refuse = (message: string) => new GitUsageFailure(message, `usage: ${syntax.command} ${syntax.usage}`)
  const take = (key: string, value?: string) => {
    if (value === undefined) options[key] = true
    else (options[key] as string[]).push(value)
  }
  const numericKey = Object.entries(syntax.options).find(([, option]) => option.numericShorthand)?.[0]

  const positionals: string[] = []
  let afterSeparator: string[] | undefined
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string
    const valueAfter = (name: string): string => {
      if (index + 1 >= args.length) throw refuse(`option '${name}' requires a value`)
      index += 1
      return args[index] as string
    }
    if (argument === '--') {
      afterSeparator = args.slice(index + 1)
      break
    }
    if (argument === '-' || !argument.startsWith('-')) {
      positionals.push(argument)
    } else if (argument.startsWith('--')) {
      const equals = argument.indexOf('=')
      const name = equals === -1 ? argument : argument.slice(0, equals)
      const key = byName.get(name)
      if (key === undefined) throw refuse(`unknown option '${name}'`)
      if (!syntax.options[key]?.takesValue) {
        if (equals !== -1) throw refuse(`option '${name}' takes no value`)
        take(key)
      } else {
        take(key, equals === -1 ? valueAfter(name) : argument.slice(equals + 1))
      }
    } else if (numericKey !== undefined && /^-\d+$/.test(argument)) {
      take(numericKey, argument.slice(1))
    } else {
      // A bundle of short options: each letter is a flag, until one that takes a value takes
      // the rest of the bundle, or the next argument when the bundle ends there.
      for (let position = 1; position < argument.length; position += 1) {
        const name = `-${argument[position]}`
        const key = byName.get(name)
        if (key === undefined) throw refuse(argument.length > 2 ? `unknown option '${name}' (in '${argument}')` : `unknown option '${name}'`)
        if (!syntax.options[key]?.takesValue) {
          take(key)
          continue
        }
        const rest = argument.slice(position + 1)
        take(key, rest === '' ? valueAfter(name) : rest)
        break
      }
    }
  }
  return { options: options as TParsedGitOptions<TOptions>, positionals, afterSeparator }
}

/** Refuses positionals beyond `most`, naming the first extra one. */
export function refuseExtraPositionals(
  syntax: TGitCommandSyntax<Record<string, TGitOption>>,
  positionals: readonly string[],
  most: number
): void {
  const extra = positionals[most]
  if (extra !== undefined) throw new GitUsageFailure(`unexpected argument '${extra}'`, `usage: ${syntax.command} ${syntax.usage}`)
}
