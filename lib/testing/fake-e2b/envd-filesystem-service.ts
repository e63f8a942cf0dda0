import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeE2BSandbox } from '../fake-e2b-sandbox.ts'
import { EnvdRpcError, readUnaryRequest, sendUnary } from './envd-connect-codec.ts'
import { toEntryInfoMessage } from './envd-entry-info.ts'
import { envdHttpStatus, toEnvdRpcError } from './envd-errors.ts'
import { CORS_HEADERS, header, readBodyBytes, sendJson } from './http-exchange.ts'

type TFilesystemMethod = (sandbox: FakeE2BSandbox, message: Record<string, string | number | undefined>) => Promise<unknown>

/** The methods of envd's `filesystem.Filesystem` service this server answers (the watchers excepted). */
export const FILESYSTEM_METHODS: Record<string, TFilesystemMethod> = {
  Stat: async (sandbox, { path }) => ({ entry: toEntryInfoMessage(await sandbox.files.getInfo(String(path ?? ''))) }),
  ListDir: async (sandbox, { path, depth }) => {
    const entries = await sandbox.files.list(String(path ?? ''), { depth: Number(depth ?? 1) || 1 })
    return { entries: entries.map(toEntryInfoMessage) }
  },
  MakeDir: async (sandbox, { path }) => {
    const target = String(path ?? '')
    if (!(await sandbox.files.makeDir(target))) throw new EnvdRpcError('already_exists', `directory '${target}' already exists`)
    return { entry: toEntryInfoMessage(await sandbox.files.getInfo(target)) }
  },
  Move: async (sandbox, { source, destination }) => ({
    entry: toEntryInfoMessage(await sandbox.files.rename(String(source ?? ''), String(destination ?? '')))
  }),
  Remove: async (sandbox, { path }) => {
    await sandbox.files.remove(String(path ?? ''))
    return {}
  }
}

/** Answers a unary `filesystem.Filesystem` call. */
export async function answerFilesystem(method: string, sandbox: FakeE2BSandbox, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const handler = FILESYSTEM_METHODS[method]
  if (handler === undefined) throw new EnvdRpcError('unimplemented', `filesystem.Filesystem.${method} is not implemented`)
  const message = (await readUnaryRequest(request)) as Record<string, string | number | undefined>
  sendUnary(response, await handler(sandbox, message).catch((error: unknown) => Promise.reject(toEnvdRpcError(error))))
}

/**
 * envd's REST file transfer: `GET /files?path=` answers the bytes, `POST /files?path=` takes a
 * multipart form (a `file` part per file, named by its path) or, from envd 0.5.7, the raw bytes
 * as `application/octet-stream`, and answers `[{ name, type, path }]`.
 */
export async function answerFiles(sandbox: FakeE2BSandbox, request: IncomingMessage, response: ServerResponse, query: URLSearchParams): Promise<void> {
  try {
    if (request.method === 'GET') {
      const bytes = await sandbox.files.read(query.get('path') ?? '', { format: 'bytes' })
      response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'application/octet-stream', 'content-length': String(bytes.byteLength) })
      response.end(bytes)
      return
    }
    if (request.method !== 'POST') throw new EnvdRpcError('unimplemented', `${request.method ?? '?'} /files is not supported`)
    const written = []
    for (const file of await uploadedFiles(request, query)) {
      const info = await sandbox.files.write(file.path, file.data)
      written.push({ name: info.name, type: String(info.type), path: info.path })
    }
    sendJson(response, 200, written)
  } catch (error) {
    const failure = toEnvdRpcError(error)
    sendJson(response, envdHttpStatus(failure), { code: envdHttpStatus(failure), message: failure.message })
  }
}

async function uploadedFiles(request: IncomingMessage, query: URLSearchParams): Promise<Array<{ path: string; data: ArrayBuffer }>> {
  const body = await readBodyBytes(request)
  const contentType = header(request, 'content-type') ?? ''
  const queryPath = query.get('path')
  if (contentType.startsWith('application/octet-stream')) {
    if (queryPath === null) throw new EnvdRpcError('invalid_argument', 'path is required for an octet-stream upload')
    return [{ path: queryPath, data: new Uint8Array(body).buffer }]
  }
  // The platform's own multipart parser (undici's, in Node) reads the SDK's FormData.
  const form = await new Request('http://envd/files', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData()
  const files = []
  for (const part of form.getAll('file')) {
    if (typeof part === 'string') throw new EnvdRpcError('invalid_argument', 'a file part carries no file')
    files.push({ path: queryPath ?? part.name, data: await part.arrayBuffer() })
  }
  return files
}
