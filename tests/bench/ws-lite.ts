import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import net from 'node:net';

/**
 * The least WebSocket client a subscriber of the bench needs (RFC 6455 over a plain TCP socket): the upgrade, text
 * frames out (masked with a zero key, as the RFC allows), whole unfragmented frames in, pings replied to, and close.
 * The subscription bench runs 11,000 of these in its one process next to the gateway on a 2-core machine; `ws`'s
 * per-message stream machinery made the bench's own process the slower side of a 10,000-socket fan-out.
 *
 * Events: 'open', 'message' (payload Buffer of a text frame), 'close' (code, reason), 'error' (Error).
 */
export class LiteSocket extends EventEmitter {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  readyState = LiteSocket.CONNECTING;
  private readonly socket: net.Socket;
  private pending: Buffer | null = null;
  private upgraded = false;
  private closeCode = 1006;
  private closeReason = '';

  constructor(url: string, protocol: string) {
    super();
    const target = new URL(url);
    const key = crypto.randomBytes(16).toString('base64');
    this.socket = net.connect({ host: target.hostname, port: Number(target.port) });
    this.socket.setNoDelay(true);
    this.socket.on('connect', () =>
      this.socket.write(
        `GET ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ${protocol}\r\n\r\n`,
      ),
    );
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (err) => this.emit('error', err));
    this.socket.on('close', () => {
      this.readyState = LiteSocket.CLOSED;
      this.emit('close', this.closeCode, this.closeReason);
    });
  }

  send(text: string): void {
    this.frame(0x1, Buffer.from(text));
  }

  /** A close frame with `code`, then the end of the TCP stream. */
  close(code = 1000): void {
    if (this.readyState !== LiteSocket.OPEN) return void this.socket.destroy();
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    this.frame(0x8, payload);
    this.closeCode = code;
    this.socket.end();
  }

  terminate(): void {
    this.socket.destroy();
  }

  private frame(opcode: number, payload: Buffer): void {
    const n = payload.length;
    const length = n < 126 ? 2 : n < 65536 ? 4 : 10;
    const header = Buffer.alloc(length + 4); // the mask key stays 0: the payload goes as it is
    header[0] = 0x80 | opcode;
    if (n < 126) header[1] = 0x80 | n;
    else if (n < 65536) {
      header[1] = 0x80 | 126;
      header.writeUInt16BE(n, 2);
    } else {
      header[1] = 0x80 | 127;
      header.writeBigUInt64BE(BigInt(n), 2);
    }
    this.socket.write(Buffer.concat([header, payload]));
  }

  private onData(chunk: Buffer): void {
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    if (!this.upgraded) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        this.pending = data;
        return;
      }
      const head = data.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 101')) {
        this.emit('error', new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
        this.socket.destroy();
        return;
      }
      this.upgraded = true;
      this.readyState = LiteSocket.OPEN;
      this.emit('open');
      data = data.subarray(end + 4);
    }
    while (data.length >= 2) {
      const opcode = data[0]! & 0x0f;
      let n = data[1]! & 0x7f;
      let offset = 2;
      if (n === 126) {
        if (data.length < 4) break;
        n = data.readUInt16BE(2);
        offset = 4;
      } else if (n === 127) {
        if (data.length < 10) break;
        n = Number(data.readBigUInt64BE(2));
        offset = 10;
      }
      if (data.length < offset + n) break;
      const payload = data.subarray(offset, offset + n);
      data = data.subarray(offset + n);
      if (opcode === 0x1) this.emit('message', payload);
      else if (opcode === 0x9) this.frame(0xa, Buffer.from(payload));
      else if (opcode === 0x8) {
        this.closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        this.closeReason = payload.subarray(2).toString();
        this.socket.end();
      }
    }
    if (data.length > 0) this.pending = Buffer.from(data);
  }
}
