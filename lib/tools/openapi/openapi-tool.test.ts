import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TOpenAPIDocument } from './openapi-document.ts'
import { createOpenAPITool, createOpenAPITools, OpenAPITool } from './openapi-tool.ts'

type TRecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

const requests: TRecordedRequest[] = []
let server: Server
let port: number

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      if (request.url === '/v1/slow') setTimeout(() => json(200, {}), 2000)
      else if (request.url === '/v1/text') response.writeHead(200, { 'content-type': 'text/plain' }).end('plain hello')
      else if (request.url?.startsWith('/v1/pets/404')) json(404, { message: 'no such pet' })
      else if (request.method === 'PUT') json(200, { updated: JSON.parse(body) as unknown })
      else json(200, { ok: true })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

function createDocument(): TOpenAPIDocument {
  return {
    openapi: '3.0.3',
    servers: [{ url: 'http://127.0.0.1:{port}/v1', variables: { port: { default: String(port) } } }],
    paths: {
      '/pets/{petId}': {
        parameters: [{ $ref: '#/components/parameters/PetId' }],
        get: {
          operationId: 'getPet',
          summary: 'Get a pet',
          parameters: [
            { name: 'fields', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'X-Trace', in: 'header', description: 'Trace id', schema: { type: 'string' } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } }
          ]
        },
        put: {
          operationId: 'updatePet',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }
        },
        delete: { summary: 'Remove a pet' }
      },
      '/files/{name}': { get: { operationId: 'getFile', parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }] } },
      '/slow': { get: { operationId: 'slow' } },
      '/text': { get: { operationId: 'text' } }
    },
    components: {
      parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } } },
      schemas: {
        Pet: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            tag: { type: 'string', nullable: true },
            children: { type: 'array', items: { $ref: '#/components/schemas/Pet' } }
          },
          required: ['name']
        }
      }
    }
  }
}

const context = { toolCallId: 'call_1' }

describe('OpenAPITool schema', () => {
  it('turns path, query and header parameters into arguments, resolving references and leaving cookies out', () => {
    expect(createOpenAPITool({ document: createDocument(), operation: 'getPet' }).schema).toEqual({
      name: 'getPet',
      description: 'Get a pet',
      parameters: {
        type: 'object',
        properties: {
          petId: { type: 'integer' },
          fields: { type: 'array', items: { type: 'string' } },
          'X-Trace': { type: 'string', description: 'Trace id' }
        },
        required: ['petId'],
        additionalProperties: false
      }
    })
  })

  it('offers the JSON body as `body`, with a recursive reference cut to "any" and nullable rewritten', () => {
    const { parameters } = createOpenAPITool({ document: createDocument(), operation: 'updatePet' }).schema
    expect(parameters.required).toEqual(['petId', 'body'])
    expect(parameters.properties.body).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, tag: { type: ['string', 'null'] }, children: { type: 'array', items: {} } },
      required: ['name']
    })
  })

  it('makes one tool per operation, naming those without an operationId from method and path', () => {
    const tools = createOpenAPITools(createDocument())
    expect(tools.map((tool) => tool.schema.name)).toEqual(['getPet', 'updatePet', 'delete_pets_petId', 'getFile', 'slow', 'text'])
    expect(tools[2]?.schema.description).toBe('Remove a pet')
    expect(new OpenAPITool({ document: createDocument(), operation: 'DELETE /pets/{petId}' }).schema.name).toBe('delete_pets_petId')
  })

  it('fails at construction for an unknown operation or a document without a server', () => {
    expect(() => createOpenAPITool({ document: createDocument(), operation: 'nope' })).toThrow('The OpenAPI document has no operation "nope".')
    const serverless = { ...createDocument(), servers: [] }
    expect(() => createOpenAPITool({ document: serverless, operation: 'getPet' })).toThrow(/names no server: pass baseUrl/)
  })
})

describe('OpenAPITool calls', () => {
  it('sends path, query and header parameters and returns the parsed JSON body', async () => {
    requests.length = 0
    const tool = createOpenAPITool({ document: createDocument(), operation: 'getPet', headers: { authorization: 'Bearer token' } })
    const result = await tool.execute({ petId: 7, fields: ['name', 'tag'], 'X-Trace': 'abc' }, context)
    expect(result).toEqual({ success: true, data: { status: 200, body: { ok: true } }, metadata: { status: 200 } })
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/v1/pets/7?fields=name&fields=tag' })
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer token', 'x-trace': 'abc', accept: 'application/json' })
  })

  it('percent-encodes path parameters', async () => {
    requests.length = 0
    await createOpenAPITool({ document: createDocument(), operation: 'getFile' }).execute({ name: 'a b/../c?' }, context)
    expect(requests[0]?.url).toBe('/v1/files/a%20b%2F..%2Fc%3F')
  })

  it('sends the body as JSON', async () => {
    requests.length = 0
    const result = await createOpenAPITool({ document: createDocument(), operation: 'updatePet' }).execute({ petId: 3, body: { name: 'Rex', tag: null } }, context)
    expect(result.data).toEqual({ status: 200, body: { updated: { name: 'Rex', tag: null } } })
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/v1/pets/3', body: '{"name":"Rex","tag":null}' })
    expect(requests[0]?.headers['content-type']).toBe('application/json')
  })

  it('returns an HTTP error status as a failed result with the body', async () => {
    const result = await createOpenAPITool({ document: createDocument(), operation: 'getPet' }).execute({ petId: 404 }, context)
    expect(result).toEqual({
      success: false,
      data: { status: 404, body: { message: 'no such pet' } },
      error: `HTTP 404 Not Found from GET http://127.0.0.1:${port}/v1/pets/404`,
      metadata: { status: 404 }
    })
  })

  it('returns a non-JSON body as text', async () => {
    const result = await createOpenAPITool({ document: createDocument(), operation: 'text' }).execute({}, context)
    expect(result.data).toEqual({ status: 200, body: 'plain hello' })
  })

  it('validates arguments before any request', async () => {
    requests.length = 0
    const result = await createOpenAPITool({ document: createDocument(), operation: 'updatePet' }).execute({ petId: 'seven', body: { tag: 1 } }, context)
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/^Invalid arguments for tool "updatePet": petId: .*number.*; body\.name: .*; body\.tag: /)
    expect(requests).toEqual([])
  })

  it('times out as a failed result', async () => {
    const result = await createOpenAPITool({ document: createDocument(), operation: 'slow', timeoutMs: 100 }).execute({}, context)
    expect(result).toEqual({ success: false, error: `Request to http://127.0.0.1:${port}/v1/slow timed out after 0.1 s.`, metadata: { errorCode: 'timeout' } })
  })

  it('reports a network failure as a failed result', async () => {
    const result = await createOpenAPITool({ document: createDocument(), operation: 'text', baseUrl: 'http://127.0.0.1:1' }).execute({}, context)
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/^Could not fetch http:\/\/127\.0\.0\.1:1\/text: fetch failed/)
    expect(result.metadata).toEqual({ errorCode: 'network_error' })
  })

  it('calls an injected fetch', async () => {
    const seen: string[] = []
    const fetchStub: typeof fetch = async (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${String(input)}`)
      return Response.json({ from: 'stub' })
    }
    const tool = createOpenAPITool({ document: createDocument(), operation: 'getPet', baseUrl: 'https://api.example.com/', fetch: fetchStub })
    expect((await tool.execute({ petId: 1 }, context)).data).toEqual({ status: 200, body: { from: 'stub' } })
    expect(seen).toEqual(['GET https://api.example.com/pets/1'])
  })
})
