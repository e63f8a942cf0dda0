import type { IModelDefinition } from '../../lib/core/context/models.ts'
import type { TModelListing } from '../../lib/host/agent-host.ts'

/** One entry of the model picker. */
export type TModelChoice = { id: string; label: string }

/**
 * The models the picker offers: the API's own list once it answered live, else the built-in
 * table (a fallback listing is that table too). The chosen model stays offered even when the
 * list lacks it, so opening the settings never changes the choice by itself.
 */
export function toModelChoices(builtIn: readonly IModelDefinition[], listing: TModelListing | undefined, chosen: string): TModelChoice[] {
  const choices =
    listing?.status === 'live'
      ? listing.models.map((model) => ({ id: model.id, label: describe(model.displayName, model.id, model.contextWindow) }))
      : builtIn.map((model) => ({ id: model.id, label: describe(model.name, model.id, model.contextWindow) }))
  if (chosen && !choices.some((choice) => choice.id === chosen)) choices.unshift({ id: chosen, label: `${chosen} (not listed)` })
  return choices
}

function describe(name: string, id: string, contextWindow: number | undefined): string {
  const title = name === id ? id : `${name} (${id})`
  return contextWindow === undefined ? title : `${title} · ${Math.round(contextWindow / 1000)}K context`
}
