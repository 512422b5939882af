import { launchBrowser, expectNoAxeViolations } from './src/browser.ts'
const s = await launchBrowser()
const page = await s.newPage()
const base = 'http://127.0.0.1:5099'
for (const [path, name] of [['/', 'root'], ['/nope', 'notfound'], ['/history', 'history']] as const) {
  await page.goto(base + path)
  await page.waitForTimeout(600)
  console.log(path, '->', page.url())
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true })
  try { await expectNoAxeViolations(page) } catch (e) { console.log(String(e)) }
}
await page.goto(base + '/collaborate'); await page.waitForTimeout(300)
await page.getByRole('button', { name: 'Sign In' }).click()
await page.waitForTimeout(200); await page.screenshot({ path: '/tmp/validation.png' })
await page.getByLabel('Username').fill('admin'); await page.getByLabel('Password', { exact: true }).fill('bad')
await page.getByRole('button', { name: 'Show password' }).click()
await page.getByRole('button', { name: 'Sign In' }).click()
await page.waitForTimeout(300); await page.screenshot({ path: '/tmp/loginerror.png' })
try { await expectNoAxeViolations(page) } catch (e) { console.log(String(e)) }
await page.getByLabel('Password', { exact: true }).fill('secret')
await page.getByRole('button', { name: 'Sign In' }).click()
await page.waitForTimeout(200); await page.screenshot({ path: '/tmp/loginok.png' })
await page.waitForTimeout(1500); console.log('after login', page.url())
await page.screenshot({ path: '/tmp/signedin.png' })
try { await expectNoAxeViolations(page) } catch (e) { console.log(String(e)) }
console.log(await page.evaluate('localStorage.getItem("user")'))
await page.getByRole('button', { name: 'Logout' }).click()
await page.waitForTimeout(500); console.log('after logout', page.url()); await page.screenshot({ path: '/tmp/loggedout.png' })
console.log(await page.evaluate('localStorage.getItem("user")'))
console.log('errors', s.pageErrors)
await s.close()
