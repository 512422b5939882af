import { afterEach, beforeEach, expect, vi } from 'vitest'

// A console error in a test fails it (docs/architecture.md, Tests).
let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error')
})
afterEach(() => {
  const calls = consoleError.mock.calls
  consoleError.mockRestore()
  expect(calls, 'console.error was called').toEqual([])
})
