import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A local smart-HTTP Git server over `git http-backend`, serving the repositories under `root`. */
export type TGitHttpServer = {
  /** `http://127.0.0.1:<port>`; a repository `name` is at `${url}/${name}.git`. */
  url: string
  root: string
  close(): Promise<void>
}

const identity = { GIT_AUTHOR_NAME: 'Robota Test', GIT_AUTHOR_EMAIL: 'test@robota.dev', GIT_COMMITTER_NAME: 'Robota Test', GIT_COMMITTER_EMAIL: 'test@robota.dev' }

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...identity }, encoding: 'utf8' }).trim()
}

/**
 * Creates `${root}/${name}.git` with two commits on `main` (the first tagged `v1`) and a `feature`
 * branch; returns the commit ids.
 */
export function createTestRepository(root: string, name: string): { first: string; second: string; feature: string } {
  const work = mkdtempSync(join(tmpdir(), 'robota-git-work-'))
  try {
    git(work, 'init', '--quiet', '--initial-branch=main')
    writeFileSync(join(work, 'README.md'), '# sample\n')
    writeFileSync(join(work, 'version.txt'), 'one\n')
    mkdirSync(join(work, 'bin'))
    writeFileSync(join(work, 'bin', 'run.sh'), '#!/bin/sh\necho run\n', { mode: 0o755 })
    git(work, 'add', '.')
    git(work, 'commit', '--quiet', '-m', 'first')
    const first = git(work, 'rev-parse', 'HEAD')
    git(work, 'tag', 'v1')
    writeFileSync(join(work, 'version.txt'), 'two\n')
    git(work, 'commit', '--quiet', '-am', 'second')
    const second = git(work, 'rev-parse', 'HEAD')
    git(work, 'checkout', '--quiet', '-b', 'feature')
    writeFileSync(join(work, 'feature.txt'), 'feature\n')
    git(work, 'add', '.')
    git(work, 'commit', '--quiet', '-m', 'feature')
    const feature = git(work, 'rev-parse', 'HEAD')
    git(work, 'checkout', '--quiet', 'main')
    git(root, 'clone', '--quiet', '--bare', work, `${name}.git`)
    return { first, second, feature }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** Starts the server on 127.0.0.1 with a fresh, empty repository root; it answers any origin. */
export async function startGitHttpServer(): Promise<TGitHttpServer> {
  const root = mkdtempSync(join(tmpdir(), 'robota-git-root-'))
  const server = createServer((request, response) => {
    // Open to any origin, as a git host fronted for browsers is, so a page or worker can clone too.
    const cors = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*'
      })
      response.end()
      return
    }
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const backend = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: request.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: request.headers['content-type'] ?? '',
        ...(request.headers['content-length'] === undefined ? {} : { CONTENT_LENGTH: request.headers['content-length'] }),
        REMOTE_ADDR: '127.0.0.1',
        ...(request.headers['git-protocol'] === undefined ? {} : { GIT_PROTOCOL: String(request.headers['git-protocol']) })
      }
    })
    request.pipe(backend.stdin)
    const chunks: Buffer[] = []
    backend.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    backend.on('close', () => {
      // CGI output: headers, a blank line, then the body; `Status:` carries the HTTP status.
      const output = Buffer.concat(chunks)
      const split = output.indexOf('\r\n\r\n')
      const headerText = output.subarray(0, split).toString('latin1')
      const headers: Record<string, string> = {}
      let status = 200
      for (const line of headerText.split('\r\n')) {
        const colon = line.indexOf(':')
        const name = line.slice(0, colon).trim()
        const value = line.slice(colon + 1).trim()
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10)
        else if (name !== '') headers[name] = value
      }
      response.writeHead(status, { ...headers, ...cors })
      response.end(output.subarray(split + 4))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    root,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(root, { recursive: true, force: true })
    }
  }
}
