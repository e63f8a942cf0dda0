import { ValidationError } from './errors.ts'

/**
 * Checks that an argument is a whole number of at least `least`.
 * @throws ValidationError naming the argument (`name`, such as `loadEarlierEvents(): count`) and the value it got.
 */
export function assertWholeNumber(name: string, value: unknown, least: number): asserts value is number {
  if (!Number.isInteger(value) || (value as number) < least) {
    throw new ValidationError(`${name} must be a whole number of at least ${least}, not ${String(value)}.`)
  }
}
