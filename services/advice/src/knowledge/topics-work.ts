/** The advisor's knowledge is shared with the profile report, so it lives in packages/domain. */
export * from '@app/domain/content/advisor/topics-work'
