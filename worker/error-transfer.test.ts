import * as Comlink from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import {
  AuthenticationError,
  CircuitBreakerOpenError,
  ConfigurationError,
  ModelNotAvailableError,
  NetworkError,
  ProviderError,
  ProviderSdkMissingError,
  RateLimitError,
  RobotaError,
  StorageError,
  StorageQuotaError,
  StructuredOutputError,
  ToolExecutionError,
  ValidationError,
  type TRobotaErrorCode
} from '../lib/core/errors.ts'
import { PluginError } from '../lib/core/plugins/plugin-error.ts'
import { ReplayDivergenceError } from '../lib/storage/replay-log/replay-provider.ts'
import { SandboxError, type TSandboxErrorCode } from '../sandbox/sandbox-client.ts'
import { deserializeError, registerErrorTransfer } from './error-transfer.ts'

type TErrorClass = abstract new (...args: never[]) => RobotaError

// One error of each code, with the class it must come back as. Keyed by code, so a new code in
// lib/core/errors.ts fails typecheck here until it has a sample.
const SAMPLES: Record<TRobotaErrorCode, { error: RobotaError; class: TErrorClass }> = {
  CONFIGURATION_ERROR: { error: new ConfigurationError('no model', { details: { field: 'model' } }), class: ConfigurationError },
  VALIDATION_ERROR: { error: new ValidationError('bad input', { details: { path: ['a', 'b'] } }), class: ValidationError },
  PROVIDER_ERROR: { error: new ProviderError('upstream 500', { details: { status: 500 } }), class: ProviderError },
  AUTHENTICATION_ERROR: { error: new AuthenticationError('bad key', { details: { status: 401 } }), class: AuthenticationError },
  RATE_LIMIT_ERROR: { error: new RateLimitError('slow down', { details: { retryAfterSeconds: 3 } }), class: RateLimitError },
  NETWORK_ERROR: { error: new NetworkError('socket hang up'), class: NetworkError },
  TOOL_EXECUTION_ERROR: { error: new ToolExecutionError('tool broke', { details: { tool: 'Bash' } }), class: ToolExecutionError },
  MODEL_NOT_AVAILABLE: { error: new ModelNotAvailableError('no such model', { details: { model: 'x' } }), class: ModelNotAvailableError },
  CIRCUIT_BREAKER_OPEN: { error: new CircuitBreakerOpenError('held back', { details: { retryAfterMs: 500 } }), class: CircuitBreakerOpenError },
  PLUGIN_ERROR: {
    error: new PluginError('Plugin "log" failed in beforeRun: boom', { pluginName: 'log', hookName: 'beforeRun' }),
    class: PluginError
  },
  STORAGE_ERROR: { error: new StorageError('commit failed', { details: { sessionId: 's1' } }), class: StorageError },
  STORAGE_QUOTA_EXCEEDED: { error: new StorageQuotaError('storage is full', { details: { operation: 'commit' } }), class: StorageQuotaError },
  PROVIDER_SDK_MISSING: {
    error: new ProviderSdkMissingError('install openai to use OpenAIProvider', { details: { package: 'openai', provider: 'OpenAIProvider' } }),
    class: ProviderSdkMissingError
  },
  STRUCTURED_OUTPUT_INVALID: {
    error: new StructuredOutputError('the reply did not match the output schema', { details: { rawText: '{"a":', problem: 'not valid JSON' } }),
    class: StructuredOutputError
  },
  ABORTED: { error: new RobotaError('The worker stopped answering.', 'ABORTED', 'system', true, { details: { restarts: 1 } }), class: RobotaError }
}

const CASES = [
  ...Object.entries(SAMPLES).map(([code, sample]) => ({ label: code, ...sample })),
  // A subclass that shares its parent's code comes back as itself, not as the parent.
  { label: 'ReplayDivergenceError', error: new ReplayDivergenceError('call 2 differs', { details: { call: 2 } }), class: ReplayDivergenceError }
]

function expectSameError(rebuilt: unknown, original: RobotaError, errorClass: TErrorClass): void {
  expect(rebuilt).toBeInstanceOf(errorClass)
  expect(rebuilt).toBeInstanceOf(RobotaError)
  expect(Object.getPrototypeOf(rebuilt)).toBe(errorClass.prototype)
  const error = rebuilt as RobotaError
  expect({ name: error.name, message: error.message, code: error.code, category: error.category, recoverable: error.recoverable, details: error.details }).toEqual({
    name: original.name,
    message: original.message,
    code: original.code,
    category: original.category,
    recoverable: original.recoverable,
    details: original.details
  })
}

describe('error transfer handler', () => {
  it.each(CASES)('round-trips $label with its class, name, message, code and details', ({ error, class: errorClass }) => {
    registerErrorTransfer()
    const handler = Comlink.transferHandlers.get('throw')!
    const [wire] = handler.serialize({ value: error })
    // The wire form must survive structured clone, as it does when posted to a worker.
    const cloned = structuredClone(wire)
    let rebuilt: unknown
    try {
      handler.deserialize(cloned)
    } catch (thrown) {
      rebuilt = thrown
    }
    expectSameError(rebuilt, error, errorClass)
  })

  it('keeps the name of a subclass it has no class for, rebuilt as the nearest class its code names', () => {
    const rebuilt = deserializeError({ name: 'AppQuotaError', message: 'quota', code: 'PROVIDER_ERROR', category: 'provider', details: { app: true } })
    expect(rebuilt).toBeInstanceOf(ProviderError)
    expect(rebuilt).toMatchObject({ name: 'AppQuotaError', code: 'PROVIDER_ERROR', details: { app: true } })
  })
})

// Keyed by code, so a code added to TSandboxErrorCode fails typecheck here until it has a sample.
const SANDBOX_SAMPLES: Record<TSandboxErrorCode, SandboxError> = {
  SANDBOX_NOT_FOUND: new SandboxError('SANDBOX_NOT_FOUND', "readFile '/w/a': no such file or directory", { path: '/w/a' }),
  SANDBOX_ALREADY_EXISTS: new SandboxError('SANDBOX_ALREADY_EXISTS', "mkdir '/w': already exists", { path: '/w' }),
  SANDBOX_NOT_A_DIRECTORY: new SandboxError('SANDBOX_NOT_A_DIRECTORY', "readdir '/w/a': not a directory", { path: '/w/a' }),
  SANDBOX_IS_A_DIRECTORY: new SandboxError('SANDBOX_IS_A_DIRECTORY', "readFile '/w': is a directory", { path: '/w' }),
  SANDBOX_NOT_EMPTY: new SandboxError('SANDBOX_NOT_EMPTY', "remove '/w': directory not empty", { path: '/w' }),
  SANDBOX_INVALID_PATH: new SandboxError('SANDBOX_INVALID_PATH', "remove '/': invalid path", { path: '/' }),
  SANDBOX_DISPOSED: new SandboxError('SANDBOX_DISPOSED', 'The in-memory sandbox has been disposed'),
  SANDBOX_INVALID_OPTIONS: new SandboxError('SANDBOX_INVALID_OPTIONS', 'new InMemorySandboxClient(options): unknown option "file"; it takes files.'),
  SANDBOX_ERROR: new SandboxError('SANDBOX_ERROR', 'run failed: boom')
}

describe('error transfer of sandbox errors', () => {
  it.each(Object.entries(SANDBOX_SAMPLES))('round-trips %s as a SandboxError with its code, message and path', (_, error) => {
    registerErrorTransfer()
    const handler = Comlink.transferHandlers.get('throw')!
    const [wire] = handler.serialize({ value: error })
    let rebuilt: unknown
    try {
      handler.deserialize(structuredClone(wire))
    } catch (thrown) {
      rebuilt = thrown
    }
    expect(rebuilt).toBeInstanceOf(SandboxError)
    const { name, message, code, path } = rebuilt as SandboxError
    expect({ name, message, code, path }).toEqual({ name: error.name, message: error.message, code: error.code, path: error.path })
  })
})

describe('error transfer over a real comlink channel', () => {
  let channel: MessageChannel | undefined
  afterEach(() => {
    channel?.port1.close()
    channel?.port2.close()
  })

  it('rejects each remote call with the class the other side threw', async () => {
    registerErrorTransfer()
    channel = new MessageChannel()
    const thrower = { fail: (index: number): Promise<void> => Promise.reject(CASES[index]!.error) }
    Comlink.expose(thrower, channel.port1)
    const remote = Comlink.wrap<typeof thrower>(channel.port2)
    for (const [index, { error, class: errorClass }] of CASES.entries()) {
      const rebuilt = await remote.fail(index).catch((thrown: unknown) => thrown)
      expect(rebuilt).not.toBe(error)
      expectSameError(rebuilt, error, errorClass)
    }
  })
})
