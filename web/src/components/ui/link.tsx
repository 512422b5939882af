import type { ComponentProps, MouseEvent } from 'react'
import { useHref, useLinkClickHandler, type To } from 'react-router-dom'

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: To; replace?: boolean }

/**
 * A link to a page of the app: a real `<a href>` whose plain clicks navigate inside the SPA, while a
 * modified click (new tab, new window) is left to the browser. It is react-router's documented recipe
 * for a custom link (`useHref` and `useLinkClickHandler`); the library's own `<Link>` also carries the
 * framework mode's prefetching, about 2 kB of gzip on every page that this app never uses.
 */
export function Link({ to, replace, target, onClick, ...props }: LinkProps) {
  const href = useHref(to)
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target })
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (!event.defaultPrevented) navigate(event)
  }
  return <a {...props} href={href} target={target} onClick={handleClick} />
}
