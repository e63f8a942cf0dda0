import { readdirSync, readFileSync } from 'node:fs'

// Linux's /proc, as the terminal tests (tmux) need: which processes a shell started, and when they are gone.

type TProcessStatus = { parentPid: number; state: string }

/** A process's parent and state from `/proc/<pid>/stat`, or `undefined` once it is gone. */
function readStatus(pid: number): TProcessStatus | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may hold spaces; the fields after it are plain.
    const [state = '', parentPid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { parentPid: Number(parentPid), state }
  } catch {
    return undefined
  }
}

/** `pid` and every process it started, at any depth, as they are now. */
export function processTreeOf(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry)
    const parentPid = Number.isInteger(child) ? readStatus(child)?.parentPid : undefined
    if (parentPid !== undefined) children.set(parentPid, [...(children.get(parentPid) ?? []), child])
  }
  const tree = [pid]
  for (const member of tree) tree.push(...(children.get(member) ?? []))
  return tree
}

/**
 * Waits until none of `pids` runs any more (gone, or a zombie nobody has reaped yet), for at most
 * `timeoutMs`; a process still running then is left to whoever waits next.
 */
export async function waitForExit(pids: readonly number[], timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const running = () => pids.some((pid) => (readStatus(pid)?.state ?? 'Z') !== 'Z')
  while (running() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
}
