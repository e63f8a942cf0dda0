import { ConfigurationError, isRobotaError } from './errors.ts'
import type { TOutputFormat } from './provider.ts'
import { describeError } from './describe-error.ts'
import { describeValue } from './describe-value.ts'

/**
 * What a Standard Schema's `validate` returns: the value, or the issues that make it invalid.
 * Written as the spec writes its optional fields (`| undefined`), so schemas type-check against
 * it under `exactOptionalPropertyTypes` too.
 */
export type TStandardResult<TOutput> =
  | { readonly value: TOutput; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined }> }

/**
 * A schema for a run's final answer: a Standard Schema (`~standard.validate`) whose JSON Schema
 * core can send the provider. It gives that itself (`~standard.jsonSchema`, as zod 4 schemas do),
 * or an output JSON Schema reader knows it (the tools module reads zod 4 schemas of releases
 * without it, such as zod 3.25's `zod/v4`). Core reads only this shape, so it needs no zod of its own.
 */
export type TOutputSchema<TOutput = unknown> = {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => TStandardResult<TOutput> | Promise<TStandardResult<TOutput>>
    readonly types?: { readonly input: unknown; readonly output: TOutput } | undefined
    readonly jsonSchema?: { readonly output: (options: { readonly target: string }) => Record<string, unknown> } | undefined
  }
}

/** What a schema hands back when valid. */
export type TOutputOf<TSchema extends TOutputSchema> = NonNullable<TSchema['~standard']['types']>['output']

/**
 * Gives the JSON Schema (draft 2020-12) of an output schema that does not give its own, or
 * `undefined` when the schema is not of the kind it reads.
 */
export type TOutputJsonSchemaReader = (schema: TOutputSchema) => Record<string, unknown> | undefined

// Filled by the modules that read a schema library core does not import (the tools module, for
// zod), so core stays free of them and a program that never loads them never pays for them.
const outputJsonSchemaReaders = new Set<TOutputJsonSchemaReader>()

/** Lets `run()` take output schemas without `~standard.jsonSchema` that `reader` knows. */
export function addOutputJsonSchemaReader(reader: TOutputJsonSchemaReader): void {
  outputJsonSchemaReaders.add(reader)
}

/**
 * The output schema as providers send it. The name is what APIs that want one call it.
 *
 * @throws ConfigurationError naming `run(): output` when the schema cannot validate or gives no JSON Schema.
 */
export function toOutputFormat(schema: TOutputSchema): TOutputFormat {
  const standard = (schema as Partial<TOutputSchema> | undefined)?.['~standard']
  if (typeof standard?.validate !== 'function') {
    const got = describeValue(schema)
    throw new ConfigurationError(
      `run(): output must be a Standard Schema (with \`~standard.validate\`), such as a zod 4 schema; got ${got === 'object' ? 'an object without `~standard.validate`' : got}.`
    )
  }
  const { $schema: _dialect, ...jsonSchema } = readJsonSchema(schema, standard)
  return { name: 'output', schema: jsonSchema }
}

function readJsonSchema(schema: TOutputSchema, standard: TOutputSchema['~standard']): Record<string, unknown> {
  try {
    if (typeof standard.jsonSchema?.output === 'function') return standard.jsonSchema.output({ target: 'draft-2020-12' })
    for (const reader of outputJsonSchemaReaders) {
      const read = reader(schema)
      if (read) return read
    }
  } catch (error) {
    if (isRobotaError(error)) throw error
    throw new ConfigurationError(`run(): output has no JSON Schema: ${describeError(error)}`, { cause: error })
  }
  // Robota's tools read zod 4 schemas of the releases without `~standard.jsonSchema`; a program
  // that never loads them has no reader for those.
  throw new ConfigurationError(
    `run(): output (vendor "${String(standard.vendor)}") gives no JSON Schema (\`~standard.jsonSchema\`) and no loaded reader knows it; any zod 4 schema is read once Robota's tools are loaded.`
  )
}

/** The reply checked against the schema: its value, or what was wrong, as the model will be told. */
export async function parseOutput<TOutput>(
  schema: TOutputSchema<TOutput>,
  text: string
): Promise<{ ok: true; value: TOutput } | { ok: false; problem: string }> {
  let json: unknown
  try {
    json = JSON.parse(withoutCodeFence(text))
  } catch (error) {
    return { ok: false, problem: `the reply is not valid JSON (${describeError(error)})` }
  }
  const result = await schema['~standard'].validate(json)
  if (!result.issues) return { ok: true, value: result.value }
  const issues = result.issues.map((issue) => {
    const path = (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.')
    return path ? `${path}: ${issue.message}` : issue.message
  })
  return { ok: false, problem: `the reply does not match the schema (${issues.join('; ')})` }
}

// Models asked for JSON sometimes wrap it in a Markdown fence anyway.
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text)
  return fenced?.[1] ?? text.trim()
}
