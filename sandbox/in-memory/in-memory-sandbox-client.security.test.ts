import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordSuiteTotal } from '../../lib/testing/suite-totals.ts'
import { InMemorySandboxClient } from './in-memory-sandbox-client.ts'

// The in-memory sandbox is a shell with no way out: no network unless a URL prefix is allowed
// (and then only that prefix), and no path, command or link that reaches the host's files or
// environment.

const SUITE = 'in-memory sandbox security'

type TLocalServer = { server: Server; url: string; hits: string[] }

async function startLocalServer(handle: (path: string, respond: (status: number, body: string, headers?: Record<string, string>) => void) => void): Promise<TLocalServer> {
  const hits: string[] = []
  const server = createServer((request, response) => {
    hits.push(request.url ?? '')
    handle(request.url ?? '/', (status, body, headers = {}) => {
      response.writeHead(status, headers)
      response.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits }
}

let inside: TLocalServer
let outside: TLocalServer

beforeAll(async () => {
  outside = await startLocalServer((_path, respond) => respond(200, 'outside reached'))
  inside = await startLocalServer((path, respond) => {
    if (path === '/redirect') respond(302, '', { location: `${outside.url}/stolen` })
    else respond(200, `inside ${path}`)
  })
})

afterAll(async () => {
  for (const { server } of [inside, outside]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

type TNetworkCase = { name: string; allowed: () => string[] | undefined; command: () => string; reaches: 'nothing' | 'inside'; stdout?: RegExp }

const NETWORK: TNetworkCase[] = [
  { name: 'curl with no network allowed', allowed: () => undefined, command: () => `curl -s ${inside.url}/data`, reaches: 'nothing' },
  { name: 'wget with no network allowed', allowed: () => undefined, command: () => `wget -q -O - ${inside.url}/data`, reaches: 'nothing' },
  { name: 'git clone with no network allowed', allowed: () => undefined, command: () => `git clone ${inside.url}/repo.git repo`, reaches: 'nothing' },
  { name: 'curl to a host another prefix allows', allowed: () => ['https://api.example.com/'], command: () => `curl -s ${inside.url}/data`, reaches: 'nothing' },
  { name: 'curl by another name for an allowed host', allowed: () => [`${inside.url}/`], command: () => `curl -s ${inside.url.replace('127.0.0.1', 'localhost')}/data`, reaches: 'nothing' },
  { name: 'curl outside the allowed path', allowed: () => [`${inside.url}/public/`], command: () => `curl -s ${inside.url}/private/key`, reaches: 'nothing' },
  { name: 'curl following a redirect to a host not allowed', allowed: () => [`${inside.url}/`], command: () => `curl -s -L ${inside.url}/redirect`, reaches: 'inside' },
  { name: 'curl to the allowed prefix', allowed: () => [`${inside.url}/public/`], command: () => `curl -s ${inside.url}/public/readme`, reaches: 'inside', stdout: /^inside \/public\/readme$/ }
]

describe('the in-memory sandbox has no network unless a prefix allows it', () => {
  it.each(NETWORK)('$name', async ({ allowed, command, reaches, stdout }) => {
    inside.hits.length = 0
    outside.hits.length = 0
    const prefixes = allowed()
    const sandbox = new InMemorySandboxClient(prefixes === undefined ? {} : { allowedUrlPrefixes: prefixes })
    const result = await sandbox.run(command())
    expect(outside.hits).toEqual([])
    if (reaches === 'nothing') {
      expect(result.exitCode).not.toBe(0)
      expect(inside.hits).toEqual([])
    } else {
      expect(inside.hits.length).toBeGreaterThan(0)
    }
    if (stdout) expect(result).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(stdout) })
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})

const PROBE_NAME = `robota-sandbox-probe-${process.pid}-${Date.now()}`
const REPOSITORY_FILE = join(import.meta.dirname, '..', '..', 'package.json')

type THostCase = { name: string; run: (sandbox: InMemorySandboxClient) => Promise<void> }

const HOST: THostCase[] = [
  {
    name: 'a file written under /tmp stays in the sandbox',
    run: async (sandbox) => {
      expect(await sandbox.run(`echo sandboxed > /tmp/${PROBE_NAME}`)).toMatchObject({ exitCode: 0 })
      expect(await sandbox.readFile(`/tmp/${PROBE_NAME}`)).toBe('sandboxed\n')
      expect(existsSync(`/tmp/${PROBE_NAME}`)).toBe(false)
    }
  },
  {
    name: 'a file written through the client API stays in the sandbox',
    run: async (sandbox) => {
      await sandbox.writeFile(`/tmp/${PROBE_NAME}.api`, 'sandboxed')
      expect(existsSync(`/tmp/${PROBE_NAME}.api`)).toBe(false)
    }
  },
  {
    name: 'the host name file is not the host one',
    run: async (sandbox) => {
      const result = await sandbox.run('cat /etc/hostname; hostname')
      expect(result.stdout).not.toContain(hostname())
      if (existsSync('/etc/hostname')) expect(result.stdout).not.toContain(readFileSync('/etc/hostname', 'utf8').trim())
    }
  },
  {
    name: "the repository's files are not there",
    run: async (sandbox) => {
      expect(await sandbox.run(`cat ${REPOSITORY_FILE}`)).toMatchObject({ exitCode: 1, stdout: '' })
      await expect(sandbox.readFile(REPOSITORY_FILE)).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    }
  },
  {
    name: "the host's system files are not there",
    run: async (sandbox) => {
      expect((await sandbox.run('cat /etc/passwd /etc/shadow /proc/self/environ /proc/1/cmdline')).stdout).toBe('')
      await expect(sandbox.readFile('../../../../etc/passwd')).rejects.toMatchObject({ code: 'SANDBOX_NOT_FOUND' })
    }
  },
  {
    name: "the root lists the sandbox's own directories",
    run: async (sandbox) => {
      const entries = (await sandbox.run('ls /')).stdout.split('\n').filter(Boolean)
      expect(entries).toContain('workspace')
      for (const hostDirectory of ['etc', 'home', 'root', 'var', 'work']) expect(entries).not.toContain(hostDirectory)
    }
  },
  {
    name: 'a link to / leads to the sandbox root',
    run: async (sandbox) => {
      await sandbox.run('ln -s / hostroot')
      const listing = (await sandbox.run('ls hostroot/')).stdout
      expect(listing).toContain('workspace')
      expect(listing).not.toContain('home')
    }
  },
  {
    name: "the host's environment is not visible",
    run: async (sandbox) => {
      process.env.ROBOTA_HOST_ONLY_SECRET = 'host-secret-never-in-sandbox'
      try {
        const result = await sandbox.run('env; echo "[$ROBOTA_HOST_ONLY_SECRET]"; echo "$HOME"')
        expect(result.stdout).not.toContain('host-secret-never-in-sandbox')
        expect(result.stdout).toContain('[]')
        expect(result.stdout).not.toContain(process.env.HOME ?? '/root')
      } finally {
        delete process.env.ROBOTA_HOST_ONLY_SECRET
      }
    }
  }
]

describe('the in-memory sandbox cannot touch the host', () => {
  it.each(HOST)('$name', async ({ run }) => {
    const sandbox = new InMemorySandboxClient()
    await run(sandbox)
    recordSuiteTotal(SUITE, 'securityChecks')
  })
})
