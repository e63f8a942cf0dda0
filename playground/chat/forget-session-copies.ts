/**
 * Drops what this tab keeps of a deleted session for a reload (its draft, queued prompts and
 * command log), through the module that keeps them, which loads apart from the page's first script.
 */
export function forgetSessionCopies(sessionId: string): void {
  // A module that did not load has kept nothing since the page loaded; the tab's copy goes when it closes.
  void import('./per-session-storage.ts').then(({ forgetSession }) => forgetSession(sessionId), () => undefined)
}
