/** The attributes that tie a field to the problem shown beside it. */
export type TProblemAttributes = { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }

/**
 * Marks a field invalid and described by its problem (`problemId`, the id of its `FieldProblem`)
 * while it has one, keeping any description it has anyway (`describedBy`).
 */
export function problemAttributes(problem: string | undefined, problemId: string, describedBy?: string): TProblemAttributes {
  const ids = [problem ? problemId : '', describedBy ?? ''].filter(Boolean).join(' ')
  return { 'aria-invalid': problem ? true : undefined, 'aria-describedby': ids || undefined }
}

/** A field's problem, worded as the fix, right below the field; nothing when it has none. */
export function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  return problem ? (
    <p className="error field-problem" id={id}>
      {problem}
    </p>
  ) : null
}

/**
 * Moves the keyboard to the first field marked invalid inside `container`, in the order they
 * appear; focusing scrolls it into view, and its problem is read out with it.
 */
export function focusFirstInvalidField(container: HTMLElement | null): void {
  container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
