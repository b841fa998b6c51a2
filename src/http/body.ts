/** The body of a request as text, or why it could not be read. */
export type BodyText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: 'too_large' | 'not_utf8' };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the body, counting bytes as they arrive: a body over `maxBytes` is refused as soon as it
 * passes the limit, whatever Content-Length claimed. Bytes that are not UTF-8 are refused too.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<BodyText> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: 'too_large' };
  if (request.body === null) return { ok: true, text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too_large' };
    }
    chunks.push(value);
  }
  return decodeUtf8(chunks.length === 1 ? chunks[0]! : concat(chunks, total));
}

/** The bytes as text, or a refusal when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): BodyText {
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** True for `application/json`, with or without parameters such as a charset. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(';');
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return mediaType === 'application/json';
}
