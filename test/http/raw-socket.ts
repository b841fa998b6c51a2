import { connect } from 'node:net';

/** What a server answered on a raw connection before closing it: status, headers and body. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Writes `data` as it is on a new TCP connection (nothing more: a promised body is never sent)
 * and resolves with the first answer once the server closes the connection.
 */
export function rawExchange(port: number, data: string, host = '127.0.0.1'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.write(data));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
      if (!Number.isInteger(status)) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      resolve({ status, headers, body: Buffer.from(rest.join('\r\n\r\n')).subarray(0, length).toString('utf8') });
    });
  });
}
