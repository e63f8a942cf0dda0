import { describe, expect, it } from 'vitest'
import { isRobotaError } from '../lib/core/errors.ts'
import { createProviderProxy } from './create-provider-proxy.ts'
import type { TProviderProxyOptions } from './provider-proxy-options.ts'

const authorize = () => 'user'

describe('createProviderProxy options', () => {
  it.each([
    { options: { authorize }, message: 'at least one provider' },
    { options: { anthropic: { apiKey: '' }, authorize }, message: '`anthropic.apiKey` must be the provider key' },
    { options: { openai: {}, authorize }, message: '`openai.apiKey` must be the provider key' },
    { options: { openai: { apiKey: 'k', baseURL: '/v1' }, authorize }, message: '`openai.baseURL` must be an absolute http(s) URL; got "/v1"' },
    { options: { anthropic: { apiKey: 'k', baseURL: 'file:///etc' }, authorize }, message: '`anthropic.baseURL` must be an absolute http(s) URL' },
    { options: { anthropic: { apiKey: 'k' } }, message: 'needs `authorize(request)`' },
    { options: { anthropic: { apiKey: 'k' }, authorize, allowedModels: 'claude-haiku-4-5' }, message: '`allowedModels` must be a list of model names' },
    { options: { anthropic: { apiKey: 'k' }, authorize, rateLimit: { requests: 0, windowMs: 1000 } }, message: '`rateLimit` must be { requests, windowMs }' },
    { options: { anthropic: { apiKey: 'k' }, authorize, basePath: 'api/llm' }, message: '`basePath` must be a path starting with "/"' },
    { options: { anthropic: { apiKey: 'k' }, authorize, maxBodyBytes: -1 }, message: '`maxBodyBytes` must be a positive whole number' }
  ])('refuses options that say $message', ({ options, message }) => {
    let thrown: unknown
    try {
      createProviderProxy(options as unknown as TProviderProxyOptions)
    } catch (error) {
      thrown = error
    }
    expect(isRobotaError(thrown) && thrown.code).toBe('CONFIGURATION_ERROR')
    expect((thrown as Error).message).toContain(message)
  })

  it('mounts under basePath', async () => {
    const proxy = createProviderProxy({ openai: { apiKey: 'k' }, authorize: () => undefined, basePath: '/llm/' })
    expect((await proxy(new Request('http://app.test/llm/openai/responses', { method: 'POST' }))).status).toBe(401)
    expect((await proxy(new Request('http://app.test/api/llm/openai/responses', { method: 'POST' }))).status).toBe(404)
  })
})
