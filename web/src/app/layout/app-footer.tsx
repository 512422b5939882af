import { LogoMark } from '../../components/ui/logo.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'

export function AppFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="border-t border-slate-200 bg-white group-has-[[data-loading]]/layout:hidden">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 sm:flex-row sm:px-6 lg:px-8">
        <div className="flex items-center gap-2.5">
          <LogoMark className="size-6" />
          <span className="text-sm font-semibold text-slate-900">{PRODUCT_NAME}</span>
        </div>
        <p className="text-sm text-slate-600">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
