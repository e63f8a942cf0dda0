import type { BashExecResult, Command, ExecResult } from 'just-bash'

/** Where one command's `trap` stores the action to run when the script ends. */
export type TExitTrapSlot = {
  /** The EXIT action; `undefined` when none is set (or it was reset with `trap - EXIT`). */
  action: string | undefined
}

// Conditions that are not signals: bash runs these traps at points this shell does not report.
const unsupportedConditions = new Set(['ERR', 'DEBUG', 'RETURN'])

// Signals never reach a command here (an abort stops it outright), so a trap on one never fires,
// just as a trap on a signal nobody sends never fires in bash.
const signalNames = new Set(
  'HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM CHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH IO PWR SYS'.split(' ')
)

const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/

// Shell state that describes the shell itself and cannot be handed to a new one as variables.
const shellOwnedVariables = new Set(['?', 'PWD', 'SHELLOPTS', 'BASHOPTS'])

/** True when a script may set a trap, so it needs a shell with the `trap` builtin of this file. */
export function mayUseTrap(command: string): boolean {
  return /\btrap\b/.test(command)
}

/**
 * A `trap` builtin for just-bash, which has none: `trap ACTION EXIT` (or `0`) records the action,
 * `trap - EXIT` resets it, `trap` / `trap -p` print it. Traps on signals are accepted and never
 * fire; ERR, DEBUG and RETURN are refused with an error rather than silently ignored.
 */
export function createExitTrapCommand(slot: TExitTrapSlot): Command {
  return {
    name: 'trap',
    trusted: true,
    async execute(args: string[]): Promise<ExecResult> {
      const endOfOptions = args[0] === '--'
      const operands = endOfOptions ? args.slice(1) : args
      const first = operands[0]
      if (first === undefined || (first === '-p' && !endOfOptions)) return { stdout: printTrap(slot), stderr: '', exitCode: 0 }
      if (first.startsWith('-') && first !== '-' && !endOfOptions) {
        return { stdout: '', stderr: `bash: trap: ${first}: invalid option\ntrap: usage: trap [-p] [arg signal_spec ...]\n`, exitCode: 2 }
      }
      // A single operand is a condition to reset, as in bash.
      const [action, conditions] = operands.length === 1 ? ['-', operands] : [first, operands.slice(1)]
      let stderr = ''
      for (const condition of conditions) {
        const name = condition.toUpperCase().replace(/^SIG/, '')
        if (name === 'EXIT' || name === '0') slot.action = action === '-' ? undefined : action
        else if (unsupportedConditions.has(name)) stderr += `bash: trap: ${condition}: traps on ${name} are not supported by this shell\n`
        else if (!signalNames.has(name) && !/^[1-9][0-9]?$/.test(name)) stderr += `bash: trap: ${condition}: invalid signal specification\n`
      }
      return { stdout: '', stderr, exitCode: stderr === '' ? 0 : 1 }
    }
  }
}

/**
 * Runs the EXIT action once the script has ended, in a new shell started in the script's final
 * directory with its final variables and `$?` set to its status. Like bash, the script's status
 * stands unless the action calls `exit`. The action does not see functions the script defined, and
 * one set inside a subshell also waits for the whole script.
 */
export async function runExitTrap(
  outcome: { result: BashExecResult; action: string },
  exec: (script: string, options: { cwd: string | undefined; env: Record<string, string> }) => Promise<ExecResult>
): Promise<BashExecResult> {
  const { result, action } = outcome
  const finalEnv = result.env
  const variables = Object.fromEntries(
    Object.entries(finalEnv).filter(([name]) => variableName.test(name) && !shellOwnedVariables.has(name))
  )
  const status = result.exitCode
  const trapped = await exec(`(exit ${status})\n${action}\nexit ${status}`, { cwd: finalEnv.PWD, env: variables })
  return { ...result, stdout: result.stdout + trapped.stdout, stderr: result.stderr + trapped.stderr, exitCode: trapped.exitCode }
}

function printTrap(slot: TExitTrapSlot): string {
  return slot.action === undefined ? '' : `trap -- '${slot.action.replaceAll("'", "'\\''")}' EXIT\n`
}
