import type { ReactNode } from 'react'

/**
 * A table in a focusable scroll region with a sticky header: the preview, credentials and failed-rows
 * tables. The caller renders the body rows; `caption` also names the region for screen readers. With
 * `stacked`, below sm each row becomes a block of its cells, one under the other, so a phone shows every
 * value whole instead of scrolling sideways; the cells then label themselves (`stackedCell`).
 */
export function ScrollTable({
  label,
  caption,
  columns,
  maxHeight = 'max-h-60',
  stacked = false,
  children,
}: {
  /** The region's accessible name. */
  label: string
  /** A visually hidden caption for the table, when it has one. */
  caption?: string
  columns: readonly ReactNode[]
  maxHeight?: 'max-h-60' | 'max-h-96'
  stacked?: boolean
  children: ReactNode
}) {
  return (
    <div
      className={`${maxHeight} overflow-auto rounded-lg border border-slate-200`}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table
        className={`min-w-full divide-y divide-slate-200 text-left text-sm ${stacked ? 'max-sm:block' : ''}`}
      >
        {caption !== undefined && <caption className="sr-only">{caption}</caption>}
        <thead className={`sticky top-0 bg-slate-50 ${stacked ? 'max-sm:sr-only' : ''}`}>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className="px-3 py-2 font-semibold text-slate-900">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 bg-white ${stacked ? 'max-sm:block' : ''}`}>
          {children}
        </tbody>
      </table>
    </div>
  )
}

/**
 * The classes of a row and of a cell in a `stacked` table: below sm a row is a block with its cells one
 * under the other, each cell led by its column's name (its `data-label`), as the header row is then hidden.
 */
export const stackedRow = 'max-sm:block max-sm:py-2'
export const stackedCell =
  'max-sm:block max-sm:py-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]'
