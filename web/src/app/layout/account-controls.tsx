import { paths } from '@app/domain/spa-routes'
import { useNavigate } from 'react-router-dom'
import { buttonClasses } from '../../components/ui/button-styles.ts'
import { useToast } from '../../components/ui/toast.tsx'
import { logoutFailureMessage, useLogout } from '../../features/auth/api/logout.ts'

/** The Logout button of a signed-in header, with the person's name under it. */
export function AccountControls({ name }: { name: string }) {
  const logout = useLogout()
  const navigate = useNavigate()
  const { toast } = useToast()

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => toast({ title: 'You have been logged out successfully' }),
      onError: (error) =>
        toast({ title: 'Logout Error', description: logoutFailureMessage(error), variant: 'destructive' }),
      onSettled: () => navigate(paths.login, { replace: true }),
    })
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col items-end gap-0.5">
      <button
        type="button"
        onClick={handleLogout}
        disabled={logout.isPending}
        className={buttonClasses('secondary', 'sm')}
      >
        {/* Drawn with strokes: a few bytes on every page, where the filled outline took hundreds. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-4 text-slate-500"
        >
          <path d="M12.5 6V4.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V14M8 10h10.5m-3-3 3 3-3 3" />
        </svg>
        Logout
      </button>
      {/* The name takes no width of its own (w-0): the block needs only its button's width, so it never
          pushes into the Menu button on a phone, and the name fills what room is left; from lg it may widen
          the block up to 12rem. Truncated, with the whole name in its title. */}
      <span
        className="w-0 min-w-full truncate text-right text-xs text-slate-600 lg:w-auto lg:max-w-48"
        title={name}
      >
        {name}
      </span>
    </div>
  )
}
