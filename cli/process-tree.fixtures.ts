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

/** Whether `pid` still runs: not gone, and not a zombie waiting for its parent to reap it. */
export function isRunning(pid: number): boolean {
  return (readStatus(pid)?.state ?? 'Z') !== 'Z'
}

async function waitWhileRunning(pids: readonly number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (pids.some(isRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
}

/**
 * Waits until none of `pids` runs any more (gone, or a zombie nobody has reaped yet). A process
 * still running after `timeoutMs` is killed (`SIGKILL`), so nothing of it writes after this resolves.
 */
export async function waitForExit(pids: readonly number[], timeoutMs = 5_000): Promise<void> {
  await waitWhileRunning(pids, timeoutMs)
  const stuck = pids.filter(isRunning)
  for (const pid of stuck) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Exited meanwhile.
    }
  }
  await waitWhileRunning(stuck, timeoutMs)
}
