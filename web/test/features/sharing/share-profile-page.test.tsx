import type { AccessHistoryEntry } from '@app/contracts/sharing'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { historyTree } from '../../../src/features/sharing/components/access-history.tsx'
import { ShareProfilePage } from '../../../src/features/sharing/components/share-profile-page.tsx'
import {
  AcceptInvitationFormSchema,
  CreateInvitationFormSchema,
} from '../../../src/features/sharing/form-schemas.ts'

const entry = (
  invitationId: number,
  parentInvitationId: number | null,
  depth: number,
): AccessHistoryEntry => ({
  invitationId,
  parentInvitationId,
  depth,
  inviteeName: `Person ${invitationId}`,
  inviteeEmail: `person${invitationId}@example.test`,
  inviteeRole: 'guest_standard',
  invitedBy: { id: 1, name: 'Owner', email: 'owner@example.test' },
  invitedAt: '2026-11-23T10:00:00.000Z',
  acceptedAt: null,
  acceptedUserId: null,
  revokedAt: null,
  revokedBy: null,
})

describe('the Share Profiles page', () => {
  // The route table sends guest_standard away from /share-profile; the page still refuses them a form.
  test('guest_standard sees the Limited Access notice instead of the create form', () => {
    const markup = renderToStaticMarkup(<ShareProfilePage role="guest_standard" />)
    expect(markup).toContain('Limited Access')
    expect(markup).not.toContain('Create Invitation')
    expect(markup).toContain('How It Works')
  })

  test('the access history nests each forward under the invitation it came from', () => {
    const tree = historyTree([entry(1, null, 0), entry(2, 1, 1), entry(4, 2, 2), entry(3, null, 0)])
    expect(tree.map((node) => node.entry.invitationId)).toEqual([1, 3])
    expect(tree[0]!.children.map((node) => node.entry.invitationId)).toEqual([2])
    expect(tree[0]!.children[0]!.children.map((node) => node.entry.invitationId)).toEqual([4])
    expect(tree[1]!.children).toEqual([])
  })

  test("the forms use the spec's messages", () => {
    const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
      result.error?.issues.map((issue) => issue.message) ?? []
    expect(messages(CreateInvitationFormSchema.safeParse({ inviteeName: ' ', inviteeEmail: '' }))).toEqual([
      'Missing information',
      'Missing information',
    ])
    expect(
      messages(CreateInvitationFormSchema.safeParse({ inviteeName: 'A', inviteeEmail: 'a@example' })),
    ).toEqual(['Invalid email'])
    // The spec's rule is "contains '@' and '.'": an intranet address qualifies.
    expect(
      CreateInvitationFormSchema.safeParse({ inviteeName: 'A', inviteeEmail: 'first.last@intranet' }).success,
    ).toBe(true)
    expect(CreateInvitationFormSchema.safeParse({ inviteeName: 'A', inviteeEmail: 'a@b.c' }).data).toEqual({
      inviteeName: 'A',
      inviteeEmail: 'a@b.c',
      inviteeRole: 'guest_standard',
    })
    expect(
      messages(AcceptInvitationFormSchema.safeParse({ password: '12345', confirmPassword: 'x' })),
    ).toEqual(['Password must be at least 6 characters', "Passwords don't match"])
  })
})
