import type { IncomingMessage, ServerResponse } from 'node:http'
import { EnvdRpcError, sendUnaryError, startStream } from './envd-connect-codec.ts'
import { toEnvdRpcError } from './envd-errors.ts'
import { answerFilesystem, FILESYSTEM_METHODS } from './envd-filesystem-service.ts'
import { answerProcessUnary, PROCESS_STREAM_METHODS, PROCESS_UNARY_METHODS, type TEnvdTarget } from './envd-process-service.ts'
import { CORS_HEADERS, readBodyBytes } from './http-exchange.ts'

/** How a procedure's messages travel: one each way, or a stream from one side. */
type TProcedureKind = 'unary' | 'server-streaming' | 'client-streaming'

/** Every procedure of envd's `process.Process` and `filesystem.Filesystem` services, from its protobuf definitions. */
export const ENVD_PROCEDURES: Record<string, TProcedureKind> = {
  'process.Process/List': 'unary',
  'process.Process/Connect': 'server-streaming',
  'process.Process/Start': 'server-streaming',
  'process.Process/Update': 'unary',
  'process.Process/StreamInput': 'client-streaming',
  'process.Process/SendInput': 'unary',
  'process.Process/SendSignal': 'unary',
  'process.Process/CloseStdin': 'unary',
  'filesystem.Filesystem/Stat': 'unary',
  'filesystem.Filesystem/MakeDir': 'unary',
  'filesystem.Filesystem/Move': 'unary',
  'filesystem.Filesystem/ListDir': 'unary',
  'filesystem.Filesystem/Remove': 'unary',
  'filesystem.Filesystem/WatchDir': 'server-streaming',
  'filesystem.Filesystem/CreateWatcher': 'unary',
  'filesystem.Filesystem/GetWatcherEvents': 'unary',
  'filesystem.Filesystem/RemoveWatcher': 'unary'
}

/** True when this server answers `procedure` (`process.Process/Start`, …) rather than refusing it. */
export function servesEnvdProcedure(procedure: string): boolean {
  const [service, method = ''] = procedure.split('/')
  if (service === 'process.Process') return method in PROCESS_UNARY_METHODS || method in PROCESS_STREAM_METHODS
  if (service === 'filesystem.Filesystem') return method in FILESYSTEM_METHODS
  return false
}

/**
 * Answers a Connect call to envd at `path` (`/process.Process/Start`, …) and returns whether the
 * server serves it. A procedure of envd's services the server does not serve fails as a Connect
 * server fails a method it has no implementation for: `unimplemented`, in the call's own form (a
 * 501 JSON error for a unary call, an end-of-stream error for a streaming one). Any other path is
 * a plain 404, as envd's router answers it; the SDK reads both as `unimplemented`.
 */
export async function answerEnvdProcedure(path: string, target: TEnvdTarget, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const procedure = path.slice(1)
  const kind = ENVD_PROCEDURES[procedure]
  if (kind === undefined) {
    await readBodyBytes(request)
    response.writeHead(404, { ...CORS_HEADERS, 'content-type': 'text/plain; charset=utf-8' })
    response.end(`404 page not found: envd has no ${path}\n`)
    return false
  }
  if (!servesEnvdProcedure(procedure)) {
    await readBodyBytes(request)
    const error = new EnvdRpcError('unimplemented', `${procedure.replace('/', '.')} is not implemented`)
    if (kind === 'unary') sendUnaryError(response, error)
    else startStream(response).end(error)
    return false
  }
  const [service, method = ''] = procedure.split('/')
  try {
    if (service === 'process.Process' && kind === 'server-streaming') await PROCESS_STREAM_METHODS[method]?.(target, request, response)
    else if (service === 'process.Process') await answerProcessUnary(method, target, request, response)
    else await answerFilesystem(method, target.sandbox, request, response)
  } catch (error) {
    if (!response.headersSent) sendUnaryError(response, toEnvdRpcError(error))
    else response.destroy()
  }
  return true
}
