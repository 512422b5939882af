import { paths } from '@app/domain/spa-routes'
import { lazy, type ComponentType } from 'react'
import { Route, Routes } from 'react-router-dom'
import { AppLayout } from './layout/app-layout.tsx'

/** Each page is its own chunk, loaded when its route is first shown, so a page loads only what it uses. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }))
}

const LoginRoute = page(() => import('./routes/login.tsx'), 'LoginRoute')
const LoginSuccessRoute = page(() => import('./routes/login-success.tsx'), 'LoginSuccessRoute')
const ForgotPasswordRoute = page(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordRoute')
const ResetPasswordRoute = page(() => import('./routes/reset-password.tsx'), 'ResetPasswordRoute')
const ChangePasswordRoute = page(() => import('./routes/change-password.tsx'), 'ChangePasswordRoute')
const RequestAssessmentRoute = page(() => import('./routes/request-assessment.tsx'), 'RequestAssessmentRoute')
const HistoryRoute = page(() => import('./routes/history.tsx'), 'HistoryRoute')
const AssessmentRoute = page(() => import('./routes/assessment.tsx'), 'AssessmentRoute')
const ScoresRoute = page(() => import('./routes/scores.tsx'), 'ScoresRoute')
const NotFoundRoute = page(() => import('./routes/not-found.tsx'), 'NotFoundRoute')

/**
 * Only pages that exist are registered. Every other path, including guarded routes whose page arrives
 * later, reaches the catch-all: the layout's guard decides first, then the not-found page renders.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={paths.loginSuccess} element={<LoginSuccessRoute />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordRoute />} />
        <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
        <Route path={paths.changePassword} element={<ChangePasswordRoute />} />
        <Route path={paths.requestAssessment} element={<RequestAssessmentRoute />} />
        <Route path={paths.history} element={<HistoryRoute />} />
        <Route path={paths.assessment} element={<AssessmentRoute />} />
        <Route path={paths.scores} element={<ScoresRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  )
}
