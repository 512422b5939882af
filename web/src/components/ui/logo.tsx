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

export function Logo({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark className={size === 'sm' ? 'size-6' : 'size-8'} />
      <span
        className={`font-semibold tracking-tight text-slate-900 ${size === 'sm' ? 'text-sm' : 'text-base'}`}
      >
        {PRODUCT_NAME}
      </span>
    </span>
  )
}
