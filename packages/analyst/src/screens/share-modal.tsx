// Share a chat: publish it read-only at /mind/public/{id} (optionally until an expiry), copy the
// link, or revoke it.
import type { MindShare } from '@bonds/domain'
import { Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useRevokeMindShareMutation, useShareMindChatMutation } from '../api/mind-api.ts'

const EXPIRIES = [
  { value: 'never', label: 'Never expires' },
  { value: '1', label: 'Expires in 1 day' },
  { value: '7', label: 'Expires in 7 days' },
  { value: '30', label: 'Expires in 30 days' },
]

/** Props of ShareModal. */
export interface ShareModalProps {
  chatId: string
  share: MindShare | null
  opened: boolean
  onClose: () => void
}

/** The share dialog of a chat. */
export function ShareModal({ chatId, share, opened, onClose }: ShareModalProps) {
  const [expiry, setExpiry] = useState('never')
  const [publish, publishing] = useShareMindChatMutation()
  const [revoke, revoking] = useRevokeMindShareMutation()
  const link = share ? `${window.location.origin}${share.path}` : ''
  const expiresAt =
    expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString()
  return (
    <Modal opened={opened} onClose={onClose} title="Share this chat">
      <Stack>
        <Text size="sm">
          Anyone with the link can read this conversation (not your account). Sharing again makes a
          new link and ends the old one.
        </Text>
        {share ? (
          <>
            <TextInput label="Public link" value={link} readOnly data-testid="mind-share-link" />
            <Text size="xs" c="dimmed">
              {share.expires_at
                ? `Expires ${new Date(share.expires_at).toLocaleString('en-IN')}`
                : 'Never expires'}
            </Text>
            <Group>
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>
                )}
              </CopyButton>
              <Button
                color="red"
                variant="light"
                loading={revoking.isLoading}
                onClick={() => void revoke(chatId)}
              >
                Revoke link
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Select
              label="Expiry"
              data={EXPIRIES}
              value={expiry}
              onChange={(v) => setExpiry(v ?? 'never')}
              allowDeselect={false}
            />
            <Group>
              <Button
                loading={publishing.isLoading}
                onClick={() => void publish({ id: chatId, expires_at: expiresAt })}
              >
                Create public link
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  )
}
