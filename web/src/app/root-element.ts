/** The element the app renders into, in index.html. */
export function rootElement(): HTMLElement {
  const container = document.getElementById('root')
  if (!container) throw new Error('The page has no #root element to render into')
  return container
}
