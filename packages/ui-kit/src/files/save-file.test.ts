import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveFile, saveText } from './save-file.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The link the browser was asked to follow, and the blob behind it. */
function capture() {
  const blobs: Blob[] = []
  const names: string[] = []
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob)
    return 'blob:saved'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download)
  })
  return { blobs, names }
}

describe('saveFile', () => {
  it('saves under the server’s name, else the fallback, and leaves no link behind', () => {
    const { names } = capture()
    expect(saveFile({ blob: new Blob(['x']), fileName: 'trade-7.pdf' }, 'trade.pdf')).toBe(
      'trade-7.pdf',
    )
    expect(saveFile({ blob: new Blob(['x']), fileName: null }, 'trade.pdf')).toBe('trade.pdf')
    expect(names).toEqual(['trade-7.pdf', 'trade.pdf'])
    expect(document.querySelectorAll('a[download]')).toHaveLength(0)
  })
})

describe('saveText', () => {
  it('starts a CSV with a byte-order mark, so spreadsheets read ₹ as UTF-8', async () => {
    const { blobs } = capture()
    saveText('transactions.csv', 'amount\n₹5,00,000')
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8')
  })
})
