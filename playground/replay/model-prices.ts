/** A model's list prices in US dollars per million tokens. */
export type TModelPrice = {
  input: number
  output: number
  /** Input read from the prompt cache. */
  cacheRead: number
  /** Input written to the prompt cache (Anthropic's five-minute cache; OpenAI charges plain input). */
  cacheWrite: number
}

function price(input: number, output: number, cacheRead: number, cacheWrite = input): TModelPrice {
  return { input, output, cacheRead, cacheWrite }
}

/**
 * List prices of the models the playground offers, by API id. Models not listed get no cost,
 * never a guessed one. Sources: https://platform.claude.com/docs/en/about-claude/pricing and
 * https://platform.openai.com/docs/pricing (standard tier).
 */
export const MODEL_PRICES: Readonly<Record<string, TModelPrice>> = {
  'claude-opus-4-6': price(5, 25, 0.5, 6.25),
  'claude-opus-4-5': price(5, 25, 0.5, 6.25),
  'claude-sonnet-4-6': price(3, 15, 0.3, 3.75),
  'claude-sonnet-4-5': price(3, 15, 0.3, 3.75),
  'claude-haiku-4-5': price(1, 5, 0.1, 1.25),
  'gpt-5': price(1.25, 10, 0.125),
  'gpt-5-mini': price(0.25, 2, 0.025),
  'gpt-5-nano': price(0.05, 0.4, 0.005),
  'gpt-4.1': price(2, 8, 0.5),
  'gpt-4.1-mini': price(0.4, 1.6, 0.1),
  'gpt-4.1-nano': price(0.1, 0.4, 0.025),
  'gpt-4o': price(2.5, 10, 1.25),
  'gpt-4o-mini': price(0.15, 0.6, 0.075),
  o3: price(2, 8, 0.5),
  'o3-mini': price(1.1, 4.4, 0.55),
  'o4-mini': price(1.1, 4.4, 0.275)
}

// A dated snapshot (`claude-opus-4-5-20251101`, `gpt-4o-2024-08-06`) costs what its alias costs.
const SNAPSHOT_SUFFIX = /^-(\d{8}|\d{4}-\d{2}-\d{2})$/

/** The list price of `model` or of the alias of its dated snapshot; `undefined` when not listed. */
export function findModelPrice(model: string): TModelPrice | undefined {
  const exact = MODEL_PRICES[model]
  if (exact) return exact
  const alias = Object.keys(MODEL_PRICES).find((key) => model.startsWith(key) && SNAPSHOT_SUFFIX.test(model.slice(key.length)))
  return alias ? MODEL_PRICES[alias] : undefined
}
