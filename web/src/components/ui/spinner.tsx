/**
 * A centred loading indicator announced to assistive technology; `showLabel` also prints the label. While
 * one shows, the layout hides its footer (`data-loading`), so the footer is not pushed down when the page
 * arrives (a layout shift) but appears with it.
 */
export function Spinner({ label = 'Loading', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div
      role="status"
      aria-label={label}
      data-loading
      className="flex min-h-[50vh] w-full flex-col items-center justify-center gap-4"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-indigo-100 border-t-indigo-600 motion-reduce:animate-[spin_1.5s_linear_infinite]"
      />
      {showLabel ? (
        <span className="text-sm font-medium text-slate-600">{label}...</span>
      ) : (
        <span className="sr-only">{label}…</span>
      )}
    </div>
  )
}
