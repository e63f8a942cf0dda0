import type { jsonSchemaValidator, JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { createJsonSchemaValidator } from '../json-schema-validator.ts'

/**
 * Validates tools' structured output with zod's JSON Schema reader instead of the SDK's default
 * (Ajv), which compiles every schema with `new Function`: a page or worker under a CSP without
 * 'unsafe-eval' could not run it.
 */
export const mcpJsonSchemaValidator: jsonSchemaValidator = {
  getValidator<TValue>(schema: JsonSchemaType): JsonSchemaValidator<TValue> {
    const validator = createJsonSchemaValidator(schema as Record<string, unknown>)
    return (input: unknown) => {
      const parsed = validator.safeParse(input)
      if (parsed.success) return { valid: true, data: parsed.data as TValue, errorMessage: undefined }
      return { valid: false, data: undefined, errorMessage: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ') }
    }
  }
}
