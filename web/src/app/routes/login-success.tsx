import { paths } from '@app/domain/spa-routes'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { Link } from '../../components/ui/link.tsx'
import { StatusPanel } from '../../components/ui/status-panel.tsx'
import { PRODUCT_NAME } from '../../config/product.ts'

export function LoginSuccessRoute() {
  return (
    <StatusPanel tone="success" icon="check" title="Login Successful">
      <p className="mt-2 text-sm text-slate-600">
        Welcome to {PRODUCT_NAME}. You are signed in and ready to go.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.history} className={buttonClasses('primary')}>
          View my profile
        </Link>
        <Link to={paths.home} className={buttonClasses('secondary')}>
          Ask a question
        </Link>
      </div>
    </StatusPanel>
  )
}
