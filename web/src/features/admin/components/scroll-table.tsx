import type { ReactNode } from 'react'

/**
 * A table in a focusable scroll region with a sticky header: the preview, credentials and failed-rows
 * tables. The caller renders the body rows; `caption` also names the region for screen readers.
 */
export function ScrollTable({
  label,
  caption,
  columns,
  maxHeight = 'max-h-60',
  children,
}: {
  /** The region's accessible name. */
  label: string
  /** A visually hidden caption for the table, when it has one. */
  caption?: string
  columns: readonly ReactNode[]
  maxHeight?: 'max-h-60' | 'max-h-96'
  children: ReactNode
}) {
  return (
    <div
      className={`${maxHeight} overflow-auto rounded-lg border border-slate-200`}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        {caption !== undefined && <caption className="sr-only">{caption}</caption>}
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold text-slate-900">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  )
}
