// zod 4 schemas carry their internals in `_zod`, whichever package made them: zod 4, or zod 3.25
// from its `zod/v4` path. zod 3 schemas have `_def` and no `_zod`.

/** The imports that make a zod 4 schema, as error messages suggest them. */
export const ZOD_4_IMPORTS = "Build it with zod 4 (import * as z from 'zod'), or with zod 3.25 from its zod 4 path (import * as z from 'zod/v4')."

/** True for a schema made by zod 4 or by zod 3.25's `zod/v4`. */
export function isZod4Schema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_zod' in value
}

/** True for a schema made by zod 3, which Robota cannot read. */
export function isZod3Schema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && '_def' in value && !('_zod' in value)
}
