import { describe, expect, it } from 'vitest'
import { ErrorUtils } from './error-utils.ts'
import {
  AuthenticationError,
  CircuitBreakerOpenError,
  ConfigurationError,
  isAbortError,
  isRobotaError,
  ModelNotAvailableError,
  NetworkError,
  ProviderError,
  ProviderSdkMissingError,
  RateLimitError,
  RobotaError,
  StorageError,
  StorageQuotaError,
  ToolExecutionError,
  ValidationError
} from './errors.ts'
import { PluginError } from './plugins/plugin-error.ts'

describe('error taxonomy', () => {
  it.each([
    [new ConfigurationError('x'), 'CONFIGURATION_ERROR', 'user', false],
    [new ValidationError('x'), 'VALIDATION_ERROR', 'user', false],
    [new ProviderError('x'), 'PROVIDER_ERROR', 'provider', true],
    [new AuthenticationError('x'), 'AUTHENTICATION_ERROR', 'user', false],
    [new RateLimitError('x'), 'RATE_LIMIT_ERROR', 'provider', true],
    [new NetworkError('x'), 'NETWORK_ERROR', 'system', true],
    [new ToolExecutionError('x'), 'TOOL_EXECUTION_ERROR', 'system', false],
    [new ModelNotAvailableError('x'), 'MODEL_NOT_AVAILABLE', 'user', false],
    [new CircuitBreakerOpenError('x'), 'CIRCUIT_BREAKER_OPEN', 'system', true],
    [new PluginError('x', { pluginName: 'p', hookName: 'beforeRun' }), 'PLUGIN_ERROR', 'system', false],
    [new StorageError('x'), 'STORAGE_ERROR', 'system', true],
    [new StorageQuotaError('x'), 'STORAGE_QUOTA_EXCEEDED', 'user', true],
    [new ProviderSdkMissingError('x'), 'PROVIDER_SDK_MISSING', 'user', false]
  ])('%s has code %s, category %s, recoverable %s', (error, code, category, recoverable) => {
    expect(error).toBeInstanceOf(RobotaError)
    expect(error).toMatchObject({ code, category, recoverable, message: 'x' })
    expect(error.name).toBe(error.constructor.name)
    expect(isRobotaError(error)).toBe(true)
  })

  it('serialises every exported error class with its message, whether built or thrown', async () => {
    const sdk = await import('../index.ts')
    type TErrorClass = new (message: string, options?: unknown) => RobotaError
    const isErrorClass = (value: unknown): value is TErrorClass => typeof value === 'function' && value.prototype instanceof RobotaError
    const exported = Object.entries(sdk).flatMap(([name, value]) => (isErrorClass(value) ? [[name, value] as const] : []))
    const build = (name: string, Class: TErrorClass): RobotaError =>
      name === 'PluginError' ? new PluginError('x', { pluginName: 'p', hookName: 'beforeRun' }) : new Class('x', { details: { field: 'f' }, cause: new Error('from the vendor') })
    expect(exported.map(([name]) => name)).toEqual(expect.arrayContaining(['ConfigurationError', 'ValidationError', 'AuthenticationError', 'NetworkError', 'StorageQuotaError', 'PluginError', 'ReplayDivergenceError']))
    for (const [name, Class] of exported) {
      let thrown: unknown
      try {
        throw build(name, Class)
      } catch (error) {
        thrown = error
      }
      const json = JSON.parse(JSON.stringify(thrown)) as Record<string, unknown>
      expect(json, name).toMatchObject({ name, message: 'x', code: (thrown as RobotaError).code, category: (thrown as RobotaError).category, recoverable: (thrown as RobotaError).recoverable })
      expect(json.details, name).toEqual((thrown as RobotaError).details)
      // Nothing it does not expose: no stack (paths) and no cause (a vendor's request, say).
      expect(Object.keys(json).sort(), name).toEqual(['category', 'code', 'details', 'message', 'name', 'recoverable'])
    }
  })

  it('recognizes a Robota error rebuilt as a plain object, and nothing else', () => {
    expect(isRobotaError({ code: 'PROVIDER_ERROR', message: 'm', category: 'provider' })).toBe(true)
    expect(isRobotaError(new Error('plain'))).toBe(false)
    expect(isRobotaError('PROVIDER_ERROR')).toBe(false)
  })

  it.each([
    [Object.assign(new Error('x'), { name: 'AbortError' }), true],
    [{ code: 'ABORTED' }, true],
    [new Error('x'), false],
    [undefined, false]
  ])('isAbortError(%s) is %s', (error, expected) => {
    expect(isAbortError(error)).toBe(expected)
  })
})

describe('ErrorUtils', () => {
  it.each([
    [new RateLimitError('x'), true],
    [new ValidationError('x'), false],
    [new TypeError('Failed to fetch'), true],
    [new Error('other'), false]
  ])('isRecoverable(%s) is %s', (error, expected) => {
    expect(ErrorUtils.isRecoverable(error)).toBe(expected)
  })

  it('reads codes and wraps unknown throws', () => {
    expect(ErrorUtils.getErrorCode(new StorageError('x'))).toBe('STORAGE_ERROR')
    expect(ErrorUtils.getErrorCode('nope')).toBe('UNKNOWN_ERROR')
    const original = new ProviderError('p')
    expect(ErrorUtils.fromUnknown(original)).toBe(original)
    expect(ErrorUtils.fromUnknown(42).message).toBe('Unexpected error')
  })

  it('wraps an unknown throw as the error table says a PROVIDER_ERROR is: a recoverable ProviderError', () => {
    const wrapped = ErrorUtils.fromUnknown(new Error('boom'))
    expect(wrapped).toBeInstanceOf(ProviderError)
    expect(wrapped).toMatchObject({ code: 'PROVIDER_ERROR', category: 'provider', recoverable: true, message: 'boom' })
    expect(wrapped.cause).toBeInstanceOf(Error)
  })

  it.each([
    [{ status: 401, message: 'bad key' }, AuthenticationError],
    [{ status: 403, message: 'no access' }, AuthenticationError],
    [{ status: 404, message: 'no such model' }, ModelNotAvailableError],
    [{ status: 429, message: 'slow down', headers: { 'retry-after': '7' } }, RateLimitError],
    [{ status: 500, message: 'oops' }, ProviderError],
    [{ status: 400, message: 'bad request' }, ProviderError],
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:9' }, NetworkError],
    [{ name: 'TypeError', message: 'fetch failed' }, NetworkError],
    [{ name: 'SyntaxError', message: 'Unexpected token < in JSON' }, ProviderError],
    [{ message: 'the reply had no choices' }, ProviderError]
  ])('wrapProviderError maps %j', (shape, expectedClass) => {
    const error = ErrorUtils.wrapProviderError(Object.assign(new Error(shape.message), shape), 'acme')
    expect(error).toBeInstanceOf(expectedClass)
    expect(error.details).toMatchObject({ provider: 'acme' })
    if (expectedClass === RateLimitError) expect(error.details).toMatchObject({ retryAfterSeconds: 7 })
  })
})
