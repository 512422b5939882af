import type { ReactNode } from 'react'
import { PRODUCT_NAME } from '../../config/product.ts'

type Tone = 'success' | 'error' | 'info'

const toneClasses: Record<Tone, { ring: string; icon: string }> = {
  success: { ring: 'bg-emerald-50 ring-emerald-50/50', icon: 'text-emerald-600' },
  error: { ring: 'bg-red-50 ring-red-50/50', icon: 'text-red-600' },
  info: { ring: 'bg-indigo-50 ring-indigo-50/50', icon: 'text-indigo-600' },
}

const icons: Record<'check' | 'warning' | 'envelope', ReactNode> = {
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  warning: (
    <>
      <path d="M12 9v4M12 17h.01" />
      <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    </>
  ),
  envelope: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6 8.5-6" />
    </>
  ),
}

/**
 * A centred card that replaces a page's form with an outcome (sent, done, invalid link): an icon, the
 * page heading, and whatever explanation and actions follow.
 */
export function StatusPanel({
  tone,
  icon,
  title,
  documentTitle = title,
  children,
}: {
  tone: Tone
  icon: keyof typeof icons
  title: string
  documentTitle?: string
  children: ReactNode
}) {
  const colours = toneClasses[tone]
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-16">
      <title>{`${documentTitle} · ${PRODUCT_NAME}`}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span
          aria-hidden="true"
          className={`mx-auto flex size-14 items-center justify-center rounded-full ring-8 ${colours.ring}`}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className={`size-7 ${colours.icon}`}
          >
            {icons[icon]}
          </svg>
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  )
}
