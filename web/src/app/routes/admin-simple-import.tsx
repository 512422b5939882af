import { PRODUCT_NAME } from '../../config/product.ts'
import { SimpleImportPage } from '../../features/admin/components/simple-import-page.tsx'

export function AdminSimpleImportRoute() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      <title>{`Import Users · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Import Users</h1>
      <p className="mt-2 text-sm text-slate-600">
        Add people with their DISC scores, one at a time or as a list. Each gets an account and a profile.
      </p>
      <div className="mt-8">
        <SimpleImportPage />
      </div>
    </div>
  )
}
