import { Anchor, Loader, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { playSound } from './sound.ts'

/** Severities of spec section 3's toast message. */
export type ToastSeverity = 'info' | 'success' | 'warn' | 'error'

/** The four toast areas of spec section 2. */
export type ToastGroup = 'plain' | 'notifications' | 'loader' | 'connectivity'

/** A toast message (spec section 3): severity, summary, detail, life, group, closable, id. */
export interface ToastMessage {
  severity: ToastSeverity
  summary: string
  detail?: string
  /** Milliseconds; 4000 by default; 0 keeps it until cleared (loader and offline notices). */
  life?: number
  group?: ToastGroup
  closable?: boolean
  id?: string
  /** Notifications area: a link under the detail. */
  action?: { href: string; text: string }
}

/** Default toast life (spec section 8). */
export const TOAST_LIFE_MS = 4000

const COLORS: Record<ToastSeverity, string> = {
  info: 'blue',
  success: 'teal',
  warn: 'yellow',
  error: 'red',
}

/** Show a toast in its area; error and success toasts play their sound. Returns its id. */
function show(message: ToastMessage): string {
  const group = message.group ?? 'plain'
  const persistent = group === 'loader' || message.life === 0
  if (message.severity === 'error') playSound('error')
  if (message.severity === 'success') playSound('success')
  return notifications.show({
    id: message.id,
    position: group === 'notifications' ? 'top-right' : 'top-center',
    color: COLORS[message.severity],
    title: message.summary,
    loading: group === 'loader',
    withCloseButton: message.closable ?? group !== 'loader',
    autoClose: persistent ? false : (message.life ?? TOAST_LIFE_MS),
    'data-group': group,
    'data-severity': message.severity,
    message:
      message.detail || message.action ? (
        <Stack gap={4}>
          {message.detail ? <Text size="sm">{message.detail}</Text> : null}
          {message.action ? (
            <Anchor href={message.action.href} size="sm">
              {message.action.text}
            </Anchor>
          ) : null}
        </Stack>
      ) : null,
    icon: group === 'loader' ? <Loader size="xs" /> : undefined,
  })
}

/** The toast API every package uses. Hovering a toast pauses its timer. */
export const toast = {
  show,
  info: (summary: string, detail?: string) => show({ severity: 'info', summary, detail }),
  success: (summary: string, detail?: string) => show({ severity: 'success', summary, detail }),
  warn: (summary: string, detail?: string) => show({ severity: 'warn', summary, detail }),
  error: (summary: string, detail?: string) => show({ severity: 'error', summary, detail }),
  /** Remove one toast (e.g. the offline notice when back online). */
  clear: (id: string) => notifications.hide(id),
  /** Remove every toast. */
  clearAll: () => notifications.clean(),
}
