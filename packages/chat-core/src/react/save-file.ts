// Hand a file to the browser under a name (a chat attachment, a chat download).

/** Save a blob as a file named `fileName` (else `fallbackName`). */
export function saveFile(file: { blob: Blob; fileName: string | null }, fallbackName: string) {
  const name = file.fileName ?? fallbackName
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once click() returns; keep the URL a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return name
}
