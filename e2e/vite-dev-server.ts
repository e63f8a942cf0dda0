import { spawn } from 'node:child_process'

/** A Vite dev server started for a spec: what it printed so far, and how to stop it. */
export type TViteDevServer = { url: string; output: () => string; stop: () => void }

/**
 * Starts Vite's dev server (`vite` is the CLI to run: the repository's, or an app's) on `port` of
 * 127.0.0.1 and resolves once it prints its address; rejects with what it printed when it exits
 * or stays silent for 30 s.
 */
export async function startViteDevServer(vite: string, port: number, options: { cwd?: string; args?: string[] } = {}): Promise<TViteDevServer> {
  // Without colour, so the address it prints can be read: the test runner sets FORCE_COLOR.
  const { FORCE_COLOR: _forceColor, ...env } = process.env
  const server = spawn(vite, [...(options.args ?? []), '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, NO_COLOR: '1' }
  })
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The dev server did not start within 30 s:\n${output}`)), 30_000)
    const listen = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`127.0.0.1:${port}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    server.stdout?.on('data', listen)
    server.stderr?.on('data', listen)
    server.on('exit', (code) => reject(new Error(`The dev server exited with ${code}:\n${output}`)))
  })
  return { url: `http://127.0.0.1:${port}/`, output: () => output, stop: () => server.kill() }
}
