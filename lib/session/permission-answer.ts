import type { TPermissionAnswer } from './permission-enforcer-types.ts'

/** Whether `value` is an answer a permission prompt can take (a caller without types can pass anything). */
export function isPermissionAnswer(value: unknown): value is TPermissionAnswer {
  if (value === 'allow_once' || value === 'deny') return true
  return typeof value === 'object' && value !== null && typeof (value as { allowForSession?: unknown }).allowForSession === 'string'
}

/** Why `value` is refused as a permission prompt's answer, naming the answers it takes. */
export function describeBadAnswer(value: unknown): string {
  return `${JSON.stringify(value)}, which is not an answer; it must be 'allow_once', 'deny' or { allowForSession: pattern }`
}
