import { paths } from '@app/domain/spa-routes'

/**
 * Where each route's page lives: one chunk a page. Shared by the router, which renders them, and by
 * first-page.ts, which starts the first page's chunk before the libraries have run
 * (docs/decisions/050-pages-start-beside-the-libraries.md); both get the same module.
 */
export const pageLoaders = {
  login: () => import('./routes/login.tsx'),
  loginSuccess: () => import('./routes/login-success.tsx'),
  forgotPassword: () => import('./routes/forgot-password.tsx'),
  resetPassword: () => import('./routes/reset-password.tsx'),
  changePassword: () => import('./routes/change-password.tsx'),
  requestAssessment: () => import('./routes/request-assessment.tsx'),
  history: () => import('./routes/history.tsx'),
  assessment: () => import('./routes/assessment.tsx'),
  scores: () => import('./routes/scores.tsx'),
  ask: () => import('./routes/ask.tsx'),
  collaborate: () => import('./routes/collaborate.tsx'),
  shareProfile: () => import('./routes/share-profile.tsx'),
  invite: () => import('./routes/invite.tsx'),
  adminArea: () => import('./routes/admin-area.tsx'),
  notFound: () => import('./routes/not-found.tsx'),
}

type PageChunk = keyof typeof pageLoaders

/** The chunk of each route pattern of the shared table; a pattern not listed shows the not-found page. */
export const pageChunkOfPattern: Partial<Record<string, PageChunk>> = {
  [paths.login]: 'login',
  [paths.loginSuccess]: 'loginSuccess',
  [paths.forgotPassword]: 'forgotPassword',
  [paths.resetPassword]: 'resetPassword',
  [paths.confirmEmail]: 'resetPassword',
  [paths.changePassword]: 'changePassword',
  [paths.requestAssessment]: 'requestAssessment',
  [paths.history]: 'history',
  [paths.assessment]: 'assessment',
  [paths.scores]: 'scores',
  [paths.home]: 'ask',
  [paths.askAi]: 'ask',
  [paths.collaborate]: 'collaborate',
  [paths.shareProfile]: 'shareProfile',
  [paths.invite]: 'invite',
  [paths.adminImport]: 'adminArea',
  [paths.adminSimpleImport]: 'adminArea',
  [paths.adminUsers]: 'adminArea',
  [paths.adminUserManagement]: 'adminArea',
}
