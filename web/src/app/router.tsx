import { paths } from '@app/domain/spa-routes'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { Spinner } from '../components/ui/spinner.tsx'
import { AppLayout } from './layout/app-layout.tsx'
import { AppErrorRoute } from './routes/app-error.tsx'

/**
 * Only pages that exist are registered. Every other path, including guarded routes whose page arrives
 * later, reaches the catch-all: the layout's guard decides first, then the not-found page renders.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <AppErrorRoute />,
    HydrateFallback: () => <Spinner />,
    children: [
      {
        path: paths.login,
        lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }),
      },
      {
        path: paths.loginSuccess,
        lazy: async () => ({ Component: (await import('./routes/login-success.tsx')).LoginSuccessRoute }),
      },
      {
        path: paths.forgotPassword,
        lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute }),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
      },
      {
        path: paths.changePassword,
        lazy: async () => ({ Component: (await import('./routes/change-password.tsx')).ChangePasswordRoute }),
      },
      {
        path: paths.requestAssessment,
        lazy: async () => ({
          Component: (await import('./routes/request-assessment.tsx')).RequestAssessmentRoute,
        }),
      },
      {
        path: paths.history,
        lazy: async () => ({ Component: (await import('./routes/history.tsx')).HistoryRoute }),
      },
      {
        path: paths.assessment,
        lazy: async () => ({ Component: (await import('./routes/assessment.tsx')).AssessmentRoute }),
      },
      {
        path: paths.scores,
        lazy: async () => ({ Component: (await import('./routes/scores.tsx')).ScoresRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
