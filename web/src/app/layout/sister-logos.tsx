import { useSisterLogos } from '../../features/branding/api/get-sister-logos.ts'

/**
 * The two sister-company logos of the header (docs/requirements.md section 1), on every page, signed
 * in or not, from the tenant's configuration (/api/logos): an image with its alt text, a link when the tenant
 * sets one. The strip keeps its height while they load, so the page below does not move when they arrive;
 * if they cannot be read, the header simply shows none.
 */
export function SisterLogos({ className }: { className: string }) {
  const logos = useSisterLogos()
  return (
    <div className={`flex h-7 min-w-0 items-center ${className}`}>
      {logos.data && logos.data.length > 0 && (
        <ul aria-label="Sister companies" className="flex min-w-0 items-center gap-3">
          {logos.data.map((logo) => {
            const image = (
              <img src={logo.src} alt={logo.alt} className="h-7 w-auto max-w-28 min-w-0 object-contain" />
            )
            return (
              <li key={`${logo.src}|${logo.alt}`} className="flex min-w-0">
                {logo.href ? (
                  <a
                    href={logo.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex min-w-0 rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    {image}
                  </a>
                ) : (
                  image
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
