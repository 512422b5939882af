import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type TabItem<Id extends string> = { id: Id; label: string }

/**
 * The tabs pattern: arrow keys, Home and End move between tabs, the chosen one is the only tab stop, and
 * only its panel is rendered. `disabled` freezes the choice (while an import runs, say).
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  active,
  onChange,
  disabled = false,
  children,
}: {
  label: string
  tabs: ReadonlyArray<TabItem<Id>>
  active: Id
  onChange: (id: Id) => void
  disabled?: boolean
  children: ReactNode
}) {
  const baseId = useId()
  const tabRefs = useRef<Partial<Record<Id, HTMLButtonElement | null>>>({})

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return
    const index = tabs.findIndex((tab) => tab.id === active)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null
    if (next === null) return
    event.preventDefault()
    const id = tabs[next]!.id
    onChange(id)
    tabRefs.current[id]?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="inline-flex flex-wrap rounded-xl bg-slate-100 p-1"
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[tab.id] = element
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-selected={active === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={active === tab.id ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(tab.id)}
            className={`rounded-lg px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 ${
              active === tab.id ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-700 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-${active}-panel`}
        aria-labelledby={`${baseId}-${active}-tab`}
        className="mt-6"
      >
        {children}
      </div>
    </div>
  )
}
