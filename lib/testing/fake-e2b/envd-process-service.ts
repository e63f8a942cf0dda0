import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeE2BCommandHandle } from '../fake-e2b-sandbox-commands.ts'
import type { FakeE2BSandbox } from '../fake-e2b-sandbox.ts'
import { EnvdRpcError, readStreamRequest, readUnaryRequest, sendUnary, startStream } from './envd-connect-codec.ts'
import { toEnvdRpcError } from './envd-errors.ts'
import { header } from './http-exchange.ts'

/** One sandbox as envd sees it: its filesystem and shell, and the processes running in it. */
export type TEnvdTarget = {
  sandbox: FakeE2BSandbox
  processes: Map<number, FakeE2BCommandHandle>
}

type TProcessConfig = { cmd?: string; args?: string[]; envs?: Record<string, string>; cwd?: string }
type TProcessSelector = { process?: { pid?: number } }

/** The unary methods of envd's `process.Process` service this server answers. */
export const PROCESS_UNARY_METHODS: Record<string, (target: TEnvdTarget, message: Record<string, unknown>) => Promise<unknown>> = {
  SendInput: async (target, message) => {
    const input = (message as { input?: { stdin?: string } }).input
    await runningProcess(target, message).sendStdin(Buffer.from(input?.stdin ?? '', 'base64'))
    return {}
  },
  CloseStdin: async (target, message) => {
    await runningProcess(target, message).closeStdin()
    return {}
  },
  SendSignal: async (target, message) => {
    // The SDK sends only SIGKILL (kill()); envd answers not_found for a process that already ended.
    const process = runningProcess(target, message)
    if (!(await process.kill())) throw notFound(message)
    return {}
  }
}

/** Answers a unary `process.Process` call. */
export async function answerProcessUnary(method: string, target: TEnvdTarget, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const handler = PROCESS_UNARY_METHODS[method]
  if (handler === undefined) throw new EnvdRpcError('unimplemented', `process.Process/${method} is not implemented`)
  sendUnary(response, await handler(target, await readUnaryRequest(request)))
}

/**
 * `process.Process/Start`: starts the command and streams envd's process events: `start` with the
 * pid, then its output as `data` events and an `end` event with the exit code. A `connect-timeout-ms`
 * deadline ends the stream with `deadline_exceeded`, as envd does.
 */
export async function startProcess(target: TEnvdTarget, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const message = await readStreamRequest(request)
  const config = (message.process ?? {}) as TProcessConfig
  const deadline = Number(header(request, 'connect-timeout-ms') ?? 0)
  const stream = startStream(response)
  let handle: FakeE2BCommandHandle
  try {
    handle = await target.sandbox.commands.run(shellScript(config), {
      background: true,
      stdin: message.stdin === true,
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      ...(config.envs === undefined ? {} : { envs: config.envs }),
      ...(deadline > 0 ? { timeoutMs: deadline } : {})
    })
  } catch (error) {
    return stream.end(toEnvdRpcError(error))
  }
  target.processes.set(handle.pid, handle)
  stream.send({ event: { start: { pid: handle.pid } } })
  const failure = await handle.wait().then(
    () => undefined,
    (error: unknown) => error
  )
  target.processes.delete(handle.pid)
  if (failure !== undefined && (failure as Error).name !== 'CommandExitError') return stream.end(toEnvdRpcError(failure))
  if (handle.stdout !== '') stream.send({ event: { data: { stdout: Buffer.from(handle.stdout).toString('base64') } } })
  if (handle.stderr !== '') stream.send({ event: { data: { stderr: Buffer.from(handle.stderr).toString('base64') } } })
  const exitCode = handle.exitCode ?? 0
  const status = handle.error ?? 'exit status 0'
  stream.send({ event: { end: { exitCode, exited: exitCode >= 0, status, ...(handle.error === undefined ? {} : { error: handle.error }) } } })
  stream.end()
}

// The SDK starts every command as `/bin/bash -l -c <script>`; the sandbox's shell takes the script.
function shellScript(config: TProcessConfig): string {
  const args = config.args ?? []
  if (config.cmd === '/bin/bash' && args[0] === '-l' && args[1] === '-c' && args.length === 3) return args[2] ?? ''
  return [config.cmd ?? '', ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ')
}

function runningProcess(target: TEnvdTarget, message: TProcessSelector): FakeE2BCommandHandle {
  const process = target.processes.get(message.process?.pid ?? -1)
  if (process === undefined) throw notFound(message)
  return process
}

function notFound(message: TProcessSelector): EnvdRpcError {
  return new EnvdRpcError('not_found', `process with pid ${message.process?.pid ?? '?'} not found`)
}
