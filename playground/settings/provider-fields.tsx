import { useId } from 'react'
import { FieldProblem, problemAttributes } from './field-problem.tsx'
import { toProviderChoice, type TPlaygroundSettings } from './playground-settings.ts'
import { findProviderOption, lacksApiKey, PROVIDER_OPTIONS, type TProviderKind } from './provider-catalog.ts'
import { toModelChoices } from './model-choices.ts'
import { PROVIDER_MODELS } from './provider-models.ts'
import { useLiveModels, type TListModels } from './use-live-models.ts'
import { type TSettingsField, type TSettingsProblems } from './settings-problems.ts'

type TProviderFieldsProps = {
  draft: TPlaygroundSettings
  onChange: (draft: TPlaygroundSettings) => void
  /** Lists the draft provider's models in the worker; without it the picker shows the built-in table only. */
  listModels?: TListModels
  /** What the last Save found wrong with these fields, shown beside each. */
  problems?: TSettingsProblems
}

/** Provider, model (the built-in table, or the API's own list after "Refresh models"), base URL, key and where the key is kept. */
export function ProviderFields({ draft, onChange, listModels, problems = {} }: TProviderFieldsProps) {
  const option = findProviderOption(draft.providerKind)
  const key = draft.apiKeys[option.kind] ?? ''
  const id = useId()
  const choice = toProviderChoice(draft)
  const live = useLiveModels(listModels, choice, lacksApiKey(choice) ? `Enter the API key for ${option.label} below first: the API lists the models that key may use.` : undefined)
  const models = toModelChoices(PROVIDER_MODELS[option.kind], live.listing, draft.model)
  const marked = (field: TSettingsField) => problemAttributes(problems[field], `${id}-${field}-problem`)
  const problemOf = (field: TSettingsField) => <FieldProblem id={`${id}-${field}-problem`} problem={problems[field]} />

  const pickProvider = (kind: TProviderKind) => {
    const next = findProviderOption(kind)
    onChange({ ...draft, providerKind: next.kind, model: next.defaultModel })
  }

  return (
    <fieldset>
      <legend>Model</legend>
      <div className="field">
        <label htmlFor={`${id}-provider`}>Provider</label>
        <select id={`${id}-provider`} aria-describedby={`${id}-description`} value={option.kind} onChange={(event) => pickProvider(event.target.value as TProviderKind)}>
          {PROVIDER_OPTIONS.map((candidate) => (
            <option key={candidate.kind} value={candidate.kind}>
              {candidate.label}
            </option>
          ))}
        </select>
      </div>
      <p className="note" id={`${id}-description`}>
        {option.description}
      </p>
      {option.kind !== 'offline-demo' ? (
        <div className="field">
          <label htmlFor={`${id}-base-url`}>Base URL</label>
          <input
            id={`${id}-base-url`}
            {...marked('baseURL')}
            type="url"
            value={draft.baseURL}
            placeholder={option.needsBaseURL ? 'http://127.0.0.1:11434/v1' : 'Optional: a proxy in front of the official API'}
            onChange={(event) => onChange({ ...draft, baseURL: event.target.value })}
          />
          {problemOf('baseURL')}
        </div>
      ) : null}
      {option.kind !== 'offline-demo' ? (
        <div className="field">
          <label htmlFor={`${id}-idle-timeout`}>Give up after this many seconds of silence</label>
          <input
            id={`${id}-idle-timeout`}
            {...marked('idleTimeout')}
            type="number"
            min={1}
            max={3600}
            step={1}
            value={Number.isNaN(draft.idleTimeoutSeconds) ? '' : draft.idleTimeoutSeconds}
            onChange={(event) => onChange({ ...draft, idleTimeoutSeconds: event.target.valueAsNumber })}
          />
          {problemOf('idleTimeout')}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        {option.needsBaseURL ? (
          <>
            <input id={`${id}-model`} {...marked('model')} type="text" list="compatible-models" value={draft.model} onChange={(event) => onChange({ ...draft, model: event.target.value })} />
            <datalist id="compatible-models">
              {models.map((model) => (
                <option key={model.id} value={model.id} />
              ))}
            </datalist>
          </>
        ) : (
          <select id={`${id}-model`} {...marked('model')} value={draft.model} onChange={(event) => onChange({ ...draft, model: event.target.value })} disabled={models.length < 2}>
            {models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.label}
              </option>
            ))}
          </select>
        )}
        {problemOf('model')}
      </div>
      {option.kind !== 'offline-demo' && listModels ? (
        <div className="field">
          <button type="button" onClick={live.refresh} disabled={live.loading}>
            {live.loading ? 'Listing models…' : 'Refresh models'}
          </button>
          <p className="note" role="status" aria-label="Model list">
            {live.error ??
              (live.listing?.status === 'live'
                ? `${live.listing.models.length} models listed by the API.`
                : (live.listing?.message ?? 'The built-in list; Refresh models asks the API which models this key may use.'))}
          </p>
        </div>
      ) : null}
      {option.kind !== 'offline-demo' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-thinking`}>Thinking budget in tokens (0 for none)</label>
            <input
              id={`${id}-thinking`}
              {...marked('thinkingBudget')}
              type="number"
              min={0}
              max={128000}
              step={1024}
              value={Number.isNaN(draft.thinkingBudgetTokens) ? '' : draft.thinkingBudgetTokens}
              onChange={(event) => onChange({ ...draft, thinkingBudgetTokens: event.target.valueAsNumber })}
            />
            {problemOf('thinkingBudget')}
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={draft.promptCaching} onChange={(event) => onChange({ ...draft, promptCaching: event.target.checked })} />
            Cache the instructions and tools between calls
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={draft.webSearch} onChange={(event) => onChange({ ...draft, webSearch: event.target.checked })} />
            Let the model search the web (hosted search)
          </label>
          <div className="field">
            <label htmlFor={`${id}-key`}>API key for {option.label}</label>
            <input
              id={`${id}-key`}
              {...marked('apiKey')}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              placeholder={option.keyPlaceholder}
              onChange={(event) => onChange({ ...draft, apiKeys: { ...draft.apiKeys, [option.kind]: event.target.value } })}
            />
            {problemOf('apiKey')}
          </div>
        </>
      ) : null}
    </fieldset>
  )
}
