import { PRODUCT_NAME } from '../../config/product.ts'

/** The product mark: the four DISC quadrants (Dominance, Influence, Steadiness, Conscientiousness). */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <path d="M16 16H2A14 14 0 0 1 16 2Z" fill="#dc2626" />
      <path d="M16 16V2a14 14 0 0 1 14 14Z" fill="#f59e0b" />
      <path d="M16 16h14a14 14 0 0 1-14 14Z" fill="#059669" />
      <path d="M16 16v14A14 14 0 0 1 2 16Z" fill="#2563eb" />
      <path d="M16 1v30M1 16h30" stroke="#fff" strokeWidth="2" />
      <circle cx="16" cy="16" r="5.5" fill="#fff" />
    </svg>
  )
}

/**
 * The mark and the product's name. With `nameFrom="sm"` the name shows from the sm breakpoint up and is
 * read out only below it, where a phone's header has room for the mark beside the Menu and Logout buttons.
 */
export function Logo({ size = 'md', nameFrom }: { size?: 'sm' | 'md'; nameFrom?: 'sm' }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark className={size === 'sm' ? 'size-6' : 'size-8'} />
      <span
        className={`font-semibold tracking-tight whitespace-nowrap text-slate-900 ${size === 'sm' ? 'text-sm' : 'text-base'} ${nameFrom === 'sm' ? 'sr-only sm:not-sr-only' : ''}`}
      >
        {PRODUCT_NAME}
      </span>
    </span>
  )
}
