import { assertKnownSandboxOptions, optionNamesOf } from '../assert-known-sandbox-options.ts'
import { resolveCwdOption } from '../in-memory/sandbox-path.ts'
import { SandboxError } from '../sandbox-client.ts'
import { E2B_DEFAULT_CWD, E2BSandboxClient } from './e2b-sandbox-client.ts'
import type { IE2BSandboxClientOptions } from './e2b-sandbox-client.ts'
import { loadE2BSandboxClass } from './e2b-sandbox-lifecycle.ts'
import type { TE2BConnectionOptions, IE2BSandboxAdapter } from './e2b-sandbox.ts'

/**
 * Options for `createE2BSandboxClient`: an existing `sandbox`, or how to reach E2B and which
 * sandbox to create (`template`) or reconnect (`sandboxId`), plus the client's own options.
 */
export type TCreateE2BSandboxClientOptions = IE2BSandboxClientOptions &
  TE2BConnectionOptions & {
    /** An SDK `Sandbox` already created or connected; nothing else is created then. */
    sandbox?: IE2BSandboxAdapter
    /** The template (or snapshot id) for a new sandbox; E2B's base template when left out. */
    template?: string
    /** A running or paused sandbox to connect to instead of creating one (it resumes if paused). */
    sandboxId?: string
  }

// Every option it reads: another key is a typo (`apikey`, `templateId`) that would be ignored.
const OPTION_NAMES = optionNamesOf<TCreateE2BSandboxClientOptions>()([
  'sandbox', 'template', 'sandboxId', 'apiKey', 'apiUrl', 'sandboxUrl', 'domain', 'requestTimeoutMs', 'timeoutMs',
  'cwd', 'maxOutputBytes', 'commandTimeoutMs', 'snapshotMode', 'sandboxClass', 'connection'
])

/**
 * Creates an `E2BSandboxClient`, importing `e2b` only now (`robota/sandbox/e2b` alone loads no SDK
 * code). With `sandboxId` it connects, otherwise it creates a sandbox from `template`.
 *
 * @throws SandboxError `SANDBOX_INVALID_OPTIONS` naming an option it does not read or a `cwd` that
 *   is no string, `SANDBOX_INVALID_PATH` naming an empty `cwd`.
 */
export async function createE2BSandboxClient(options: TCreateE2BSandboxClientOptions = {}): Promise<E2BSandboxClient> {
  assertKnownSandboxOptions('createE2BSandboxClient(options)', options, OPTION_NAMES)
  // Before a sandbox is created in the cloud, which a refusal after it would leave running.
  resolveCwdOption('createE2BSandboxClient(options): ', options.cwd, E2B_DEFAULT_CWD)
  const { sandbox, template, sandboxId, apiKey, apiUrl, sandboxUrl, domain, requestTimeoutMs, timeoutMs, ...clientOptions } =
    options
  const connection: TE2BConnectionOptions = withoutUndefined({ apiKey, apiUrl, sandboxUrl, domain, requestTimeoutMs, timeoutMs })
  if (sandbox !== undefined) return new E2BSandboxClient(sandbox, { connection, ...clientOptions })
  const sandboxClass = clientOptions.sandboxClass ?? (await loadE2BSandboxClass())
  let created: IE2BSandboxAdapter
  try {
    if (sandboxId !== undefined) created = await sandboxClass.connect(sandboxId, connection)
    else if (template !== undefined) created = await sandboxClass.create(template, connection)
    else created = await sandboxClass.create(connection)
  } catch (error) {
    const target = sandboxId ?? template ?? 'base'
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    throw new SandboxError('SANDBOX_ERROR', `Could not ${sandboxId === undefined ? 'create' : 'connect to'} E2B sandbox '${target}': ${reason}`, {
      path: target,
      cause: error
    })
  }
  return new E2BSandboxClient(created, { connection, ...clientOptions, sandboxClass })
}

function withoutUndefined<TValue extends object>(value: TValue): TValue {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as TValue
}
