/** A file an attribute names, as text, or the sentence saying why it could not be had. */
export type TLoadedEmbedFile = { text: string; error?: undefined } | { text?: undefined; error: string }

/**
 * Fetches the file an attribute of the element names (`manifest`, `replay`). Under a strict CSP
 * it must be on an origin `connect-src` allows (the page's own, usually).
 */
export async function loadEmbedFile(url: URL, attribute: string): Promise<TLoadedEmbedFile> {
  try {
    const response = await fetch(url)
    if (!response.ok) return { error: `The ${attribute} ${url.href} could not be loaded: HTTP ${response.status}.` }
    return { text: await response.text() }
  } catch (error) {
    return { error: `The ${attribute} ${url.href} could not be loaded: ${error instanceof Error ? error.message : String(error)}` }
  }
}
