// Which chat files go to WhatsApp as what (decision 300), within Meta's limits.
import { describe, expect, it } from 'vitest'
import { whatsappMediaPlan } from './whatsapp-media.ts'

const MiB = 1024 * 1024

describe('whatsappMediaPlan', () => {
  it('sends JPEG and PNG as images up to 5 MB and MP4 as video up to 16 MB, larger as documents', () => {
    expect(whatsappMediaPlan('image/jpeg', 5 * MiB)).toEqual({
      kind: 'image',
      uploadType: 'image/jpeg',
    })
    expect(whatsappMediaPlan('image/png', 5 * MiB + 1)).toEqual({
      kind: 'document',
      uploadType: 'image/png',
    })
    expect(whatsappMediaPlan('video/mp4', 16 * MiB)).toEqual({
      kind: 'video',
      uploadType: 'video/mp4',
    })
    expect(whatsappMediaPlan('video/mp4', 16 * MiB + 1)?.kind).toBe('document')
  })

  it('sends office files, PDF and text as documents, CSV as the plain text it is', () => {
    expect(whatsappMediaPlan('application/pdf', 10)).toEqual({
      kind: 'document',
      uploadType: 'application/pdf',
    })
    expect(whatsappMediaPlan('text/csv', 10)).toEqual({
      kind: 'document',
      uploadType: 'text/plain',
    })
    expect(whatsappMediaPlan('application/vnd.ms-excel', 10)?.kind).toBe('document')
  })

  it('takes no GIF, WebP, WebM or QuickTime', () => {
    for (const type of ['image/gif', 'image/webp', 'video/webm', 'video/quicktime'])
      expect(whatsappMediaPlan(type, 10)).toBeNull()
  })
})
