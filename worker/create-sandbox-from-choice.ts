import { ConfigurationError } from '../lib/core/errors.ts'
import type { TSandboxChoice } from '../lib/host/agent-host.ts'
import type { ISandboxClient } from '../sandbox/sandbox-client.ts'
import type { TE2BSandboxClass } from '../sandbox/e2b/e2b-sandbox.ts'
import { describeError } from '../lib/core/describe-error.ts'

/** Where the workspace lives, and what stands in for the E2B SDK in tests. */
export type TSandboxFromChoiceOptions = { workspaceRoot: string; sandboxClass?: TE2BSandboxClass }

const E2B_DEFAULT_API_URL = 'https://api.e2b.app'

/**
 * Builds a session's sandbox from plain data inside the worker. The E2B adapter and SDK load
 * only now, so a page that never switches never downloads them. A refused key, an unknown
 * template or an unreachable service becomes an error saying which setting fixes it.
 */
export async function createSandboxFromChoice(choice: TSandboxChoice, options: TSandboxFromChoiceOptions): Promise<ISandboxClient> {
  // The in-memory sandbox is the host's default kind, made by its own factory.
  if (choice.kind !== 'e2b') throw new ConfigurationError(`No sandbox of kind "${choice.kind}" is made from a choice here.`)
  const { createE2BSandboxClient } = await import('../sandbox/e2b/create-e2b-sandbox-client.ts')
  let client: ISandboxClient
  try {
    client = await createE2BSandboxClient({
      apiKey: choice.apiKey,
      cwd: options.workspaceRoot,
      ...(choice.template ? { template: choice.template } : {}),
      ...(choice.apiUrl ? { apiUrl: choice.apiUrl } : {}),
      ...(choice.sandboxUrl ? { sandboxUrl: choice.sandboxUrl } : {}),
      ...(options.sandboxClass ? { sandboxClass: options.sandboxClass } : {})
    })
  } catch (error) {
    throw describeE2BFailure(error, choice)
  }
  // E2B's default user owns its home, not the workspace root the tools use: make it theirs.
  const root = JSON.stringify(options.workspaceRoot)
  await client.run(`mkdir -p ${root} 2>/dev/null || { sudo mkdir -p ${root} && sudo chown "$(id -un)" ${root}; }`, { cwd: '/' })
  return client
}

/** An E2B failure as the fix the user can make. */
export function describeE2BFailure(error: unknown, choice: Extract<TSandboxChoice, { kind: 'e2b' }>): ConfigurationError {
  const cause = (error as { cause?: unknown }).cause ?? error
  const name = cause instanceof Error ? cause.name : ''
  const detail = describeError(cause)
  const service = choice.apiUrl ?? E2B_DEFAULT_API_URL
  let message: string
  if (name === 'AuthenticationError' || /\b401\b|unauthori[sz]ed|invalid api key/i.test(detail)) {
    message = 'E2B refused the API key. Check the E2B API key under Settings → E2B sandbox (it starts with e2b_), then switch again.'
  } else if (name === 'NotFoundError' || name === 'TemplateError') {
    message = `E2B has no template "${choice.template ?? 'base'}". Fix the E2B template under Settings → E2B sandbox, or leave it empty for the base template.`
  } else if (name === 'TypeError' || /fetch|network|ECONNREFUSED|ENOTFOUND/i.test(detail)) {
    message = `Could not reach E2B at ${service}. Check the network connection (and the E2B API URL under Settings), then switch again.`
  } else {
    message = `Could not start an E2B sandbox: ${detail}`
  }
  return new ConfigurationError(message, { details: { service, reason: detail }, cause: error })
}
