import type { ComponentProps, MouseEvent } from 'react'
import { useAppServices } from '../../lib/app-services.tsx'

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean }

/**
 * A link to a page of the app: a real `<a href>` whose plain clicks navigate inside the SPA, while a
 * modified click (new tab, new window) is left to the browser. Inside the app it is react-router's
 * documented recipe for a custom link (`useHref` and `useLinkClickHandler`, app/router-services.ts); the
 * library's own `<Link>` also carries the framework mode's prefetching, about 2 kB of gzip on every page
 * that this app never uses. On the sign-in page's first load it hands over to the app (app/sign-in-shell.tsx).
 */
export function Link({ to, replace, target, onClick, ...props }: LinkProps) {
  const link = useAppServices().useLinkBehaviour(to, { replace, target })
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (!event.defaultPrevented) link.onClick(event)
  }
  return <a {...props} href={link.href} target={target} onClick={handleClick} />
}
