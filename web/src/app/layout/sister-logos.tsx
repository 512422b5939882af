import { useClientConfig } from '../../features/request-assessment/api/get-client-config.ts'

/**
 * The two sister-company logos of the header (spec assessments-and-advice section 1), from the tenant's
 * configuration (/api/config): an image with its alt text, a link when the tenant sets one. Until the
 * configuration arrives, or if it cannot be read, the header simply shows none.
 */
export function SisterLogos({ className }: { className: string }) {
  const config = useClientConfig()
  if (!config.data || config.data.logos.length === 0) return null
  return (
    <ul aria-label="Sister companies" className={`items-center gap-3 ${className}`}>
      {config.data.logos.map((logo) => {
        const image = <img src={logo.src} alt={logo.alt} className="h-7 w-auto max-w-28 object-contain" />
        return (
          <li key={`${logo.src}|${logo.alt}`} className="flex">
            {logo.href ? (
              <a
                href={logo.href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
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
  )
}
