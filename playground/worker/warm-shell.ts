import { InMemorySandboxClient } from '../../sandbox/in-memory/in-memory-sandbox-client.ts'

/** The User Timing mark the worker sets once its shell answered a first command (read by bench/playground-size.mjs). */
export const SHELL_READY_MARK = 'robota:shell-ready'

/**
 * Loads just-bash and runs one command in a scratch in-memory sandbox, so the first session that
 * needs a shell finds the module evaluated and its interpreter warm instead of waiting for both.
 * Sets `SHELL_READY_MARK` when done; a failure is left to the session's own load to report.
 */
export async function warmShell(): Promise<void> {
  const scratch = new InMemorySandboxClient({ cwd: '/' })
  try {
    await scratch.run('true')
    performance.mark(SHELL_READY_MARK)
  } catch {
    // The session that needs the shell loads it again and says what failed.
  } finally {
    await scratch.dispose()
  }
}
