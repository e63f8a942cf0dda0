import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeE2BCommandHandle } from '../fake-e2b-sandbox-commands.ts'
import type { FakeE2BSandbox } from '../fake-e2b-sandbox.ts'
import { EnvdRpcError, readStreamRequest, readUnaryRequest, sendUnary, startStream } from './envd-connect-codec.ts'
import type { TConnectStream } from './envd-connect-codec.ts'
import { toEnvdRpcError } from './envd-errors.ts'
import { header } from './http-exchange.ts'

/** How a process was started, as envd's `process.ProcessConfig` carries it. */
type TProcessConfig = { cmd?: string; args?: string[]; envs?: Record<string, string>; cwd?: string }
type TProcessSelector = { process?: { pid?: number } }

/** A process envd is running: its handle, and the config `List` reports. */
export type TEnvdProcess = { handle: FakeE2BCommandHandle; config: TProcessConfig }

/** One sandbox as envd sees it: its filesystem and shell, and the processes running in it. */
export type TEnvdTarget = {
  sandbox: FakeE2BSandbox
  processes: Map<number, TEnvdProcess>
}

// The most output bytes one `data` event carries; longer output goes out in several events, so
// the SDK's callbacks get it piece by piece and its decoder joins characters split between them.
const MAX_DATA_EVENT_BYTES = 32 * 1024

/** The unary methods of envd's `process.Process` service this server answers. */
export const PROCESS_UNARY_METHODS: Record<string, (target: TEnvdTarget, message: Record<string, unknown>) => Promise<unknown>> = {
  List: async (target) => ({
    processes: [...target.processes].map(([pid, { config }]) => ({ config: { cmd: '', args: [], envs: {}, ...config }, pid }))
  }),
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

/** The server-streaming methods of `process.Process` this server answers. */
export const PROCESS_STREAM_METHODS: Record<string, (target: TEnvdTarget, request: IncomingMessage, response: ServerResponse) => Promise<void>> = {
  Start: startProcess,
  Connect: connectProcess
}

/** Answers a unary `process.Process` call. */
export async function answerProcessUnary(method: string, target: TEnvdTarget, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const handler = PROCESS_UNARY_METHODS[method]
  if (handler === undefined) throw new EnvdRpcError('unimplemented', `process.Process.${method} is not implemented`)
  sendUnary(response, await handler(target, await readUnaryRequest(request)))
}

/**
 * `process.Process/Start`: starts the command and streams envd's process events: `start` with the
 * pid, then its output as `data` events as the shell yields it, and an `end` event with the exit
 * code. A `connect-timeout-ms` deadline ends the stream with `deadline_exceeded`, as envd does.
 */
async function startProcess(target: TEnvdTarget, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const message = await readStreamRequest(request)
  const config = (message.process ?? {}) as TProcessConfig
  const deadline = Number(header(request, 'connect-timeout-ms') ?? 0)
  const stream = startStream(response)
  const output = bufferedOutput(stream)
  let handle: FakeE2BCommandHandle
  try {
    handle = await target.sandbox.commands.run(shellScript(config), {
      background: true,
      stdin: message.stdin === true,
      onStdout: (text) => output.send('stdout', text),
      onStderr: (text) => output.send('stderr', text),
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      ...(config.envs === undefined ? {} : { envs: config.envs }),
      ...(deadline > 0 ? { timeoutMs: deadline } : {})
    })
  } catch (error) {
    return stream.end(toEnvdRpcError(error))
  }
  target.processes.set(handle.pid, { handle, config })
  stream.send({ event: { start: { pid: handle.pid } } })
  output.open()
  await streamUntilExit(stream, handle)
  target.processes.delete(handle.pid)
}

/**
 * `process.Process/Connect`: follows a running process from now on: `start` with its pid, the
 * output it yields after that, and its `end`. A pid that is not running ends with `not_found`.
 */
async function connectProcess(target: TEnvdTarget, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const message = (await readStreamRequest(request)) as TProcessSelector
  const stream = startStream(response)
  const process = target.processes.get(message.process?.pid ?? -1)
  if (process === undefined) return stream.end(notFound(message))
  const { handle } = process
  stream.send({ event: { start: { pid: handle.pid } } })
  const unfollow = handle.follow((name, text) => sendData(stream, name, text))
  await streamUntilExit(stream, handle).finally(unfollow)
}

// Waits for the exit and ends the stream as envd does: an `end` event (exit code, `exited`, status
// and error text) for any exit, or a Connect error when the process could not run to one.
async function streamUntilExit(stream: TConnectStream, handle: FakeE2BCommandHandle): Promise<void> {
  const failure = await handle.wait().then(
    () => undefined,
    (error: unknown) => error
  )
  if (failure !== undefined && (failure as Error).name !== 'CommandExitError') return stream.end(toEnvdRpcError(failure))
  const exitCode = handle.exitCode ?? 0
  const status = handle.error ?? 'exit status 0'
  stream.send({ event: { end: { exitCode, exited: exitCode >= 0, status, ...(handle.error === undefined ? {} : { error: handle.error }) } } })
  stream.end()
}

// Holds output back until the `start` event is out, then passes it straight through.
function bufferedOutput(stream: TConnectStream): { send(name: 'stdout' | 'stderr', text: string): void; open(): void } {
  let pending: Array<['stdout' | 'stderr', string]> | undefined = []
  return {
    send: (name, text) => {
      if (pending === undefined) sendData(stream, name, text)
      else pending.push([name, text])
    },
    open: () => {
      const queued = pending ?? []
      pending = undefined
      for (const [name, text] of queued) sendData(stream, name, text)
    }
  }
}

function sendData(stream: TConnectStream, name: 'stdout' | 'stderr', text: string): void {
  const bytes = Buffer.from(text)
  for (let start = 0; start < bytes.length; start += MAX_DATA_EVENT_BYTES) {
    const chunk = bytes.subarray(start, start + MAX_DATA_EVENT_BYTES)
    stream.send({ event: { data: { [name]: chunk.toString('base64') } } })
  }
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
  return process.handle
}

function notFound(message: TProcessSelector): EnvdRpcError {
  return new EnvdRpcError('not_found', `process with pid ${message.process?.pid ?? '?'} not found`)
}
