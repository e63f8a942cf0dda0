/** Longest path a model may pass to a file tool, in characters. */
export const MAX_PATH_CHARACTERS = 4096

/** Largest text a model may write or edit in one call, in characters. */
export const MAX_CONTENT_CHARACTERS = 5_000_000

/** Longest glob or regular expression a model may pass, in characters. */
export const MAX_PATTERN_CHARACTERS = 1000
