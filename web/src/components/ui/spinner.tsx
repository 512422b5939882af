/** A centred loading indicator announced to assistive technology. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex min-h-[50vh] w-full items-center justify-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-indigo-100 border-t-indigo-600 motion-reduce:animate-[spin_1.5s_linear_infinite]"
      />
      <span className="sr-only">{label}…</span>
    </div>
  )
}
