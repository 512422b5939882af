import type { ReactNode } from 'react'
import { LogoMark } from '../../../components/ui/logo.tsx'
import { PRODUCT_NAME } from '../../../config/product.ts'

/** The frame of the sign-in pages: the mark, a heading with a short explanation, and the form's card. */
export function AuthPage({
  documentTitle,
  title,
  description,
  children,
  footer,
}: {
  documentTitle: string
  title: string
  description: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-16">
      <title>{`${documentTitle} · ${PRODUCT_NAME}`}</title>
      <div className="w-full max-w-md">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          <div className="mt-2 text-sm text-slate-600">{description}</div>
        </div>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  )
}
