import { ConfigurationError } from './errors.ts'
import type { TOutputFormat } from './provider.ts'
import { describeError } from './describe-error.ts'

type TStandardResult<TOutput> =
  | { readonly value: TOutput; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> }> }

/**
 * A schema for a run's final answer: any Standard Schema that also gives its JSON Schema
 * (`~standard.jsonSchema`), such as a zod 4 schema. Core reads only this shape, so it needs no
 * zod of its own.
 */
export type TOutputSchema<TOutput = unknown> = {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => TStandardResult<TOutput> | Promise<TStandardResult<TOutput>>
    readonly types?: { readonly input: unknown; readonly output: TOutput } | undefined
    readonly jsonSchema?: { readonly output: (options: { readonly target: string }) => Record<string, unknown> }
  }
}

/** What a schema hands back when valid. */
export type TOutputOf<TSchema extends TOutputSchema> = NonNullable<TSchema['~standard']['types']>['output']

/** The output schema as providers send it. The name is what APIs that want one call it. */
export function toOutputFormat(schema: TOutputSchema): TOutputFormat {
  const standard = (schema as Partial<TOutputSchema> | undefined)?.['~standard']
  if (typeof standard?.validate !== 'function' || typeof standard.jsonSchema?.output !== 'function') {
    throw new ConfigurationError(
      'run(): output must be a schema that gives its JSON Schema (Standard JSON Schema, `~standard.jsonSchema`), such as a zod 4 schema.'
    )
  }
  const { $schema: _dialect, ...jsonSchema } = standard.jsonSchema.output({ target: 'draft-2020-12' })
  return { name: 'output', schema: jsonSchema }
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
