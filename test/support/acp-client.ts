// Drives `tack --acp` as an editor would: the SDK's client side over the child's stdio. Every
// stdout byte is kept, so a test can check that nothing but protocol messages was written there.
import { spawn, type ChildProcess } from 'node:child_process';
import { PassThrough, Readable, Writable } from 'node:stream';
import {
  type ClientConnection,
  client,
  methods,
  ndJsonStream,
  type ReadTextFileRequest,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type WriteTextFileRequest,
} from '@agentclientprotocol/sdk';
import { cleanEnv, tackBin } from './cli.js';

export interface AcpHandlers {
  permission?: (request: RequestPermissionRequest) => RequestPermissionResponse;
  read?: (request: ReadTextFileRequest) => string;
  write?: (request: WriteTextFileRequest) => void;
}

export interface AcpChild {
  child: ChildProcess;
  agent: ClientConnection['agent'];
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  rawStdout: () => string;
  stderr: () => string;
  /** resolves once an update matching `test` has arrived */
  waitForUpdate(test: (n: SessionNotification) => boolean): Promise<SessionNotification>;
  close(): Promise<void>;
}

export function startAcp(args: string[], o: { cwd: string; home: string }, handlers: AcpHandlers = {}): AcpChild {
  const child = spawn(process.execPath, [tackBin, '--acp', ...args], { cwd: o.cwd, env: cleanEnv(o.home), stdio: 'pipe' });
  let raw = '';
  let stderr = '';
  const tee = new PassThrough();
  child.stdout!.on('data', (d: Buffer) => {
    raw += d.toString('utf8');
  });
  child.stdout!.pipe(tee);
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const updates: SessionNotification[] = [];
  const permissions: RequestPermissionRequest[] = [];
  let waiters: { test: (n: SessionNotification) => boolean; resolve: (n: SessionNotification) => void }[] = [];
  const app = client({ name: 'test-editor' })
    .onNotification(methods.client.session.update, ({ params }) => {
      updates.push(params);
      waiters = waiters.filter((w) => {
        if (!w.test(params)) return true;
        w.resolve(params);
        return false;
      });
    })
    .onRequest(methods.client.session.requestPermission, ({ params }) => {
      permissions.push(params);
      return handlers.permission?.(params) ?? { outcome: { outcome: 'cancelled' } };
    })
    .onRequest(methods.client.fs.readTextFile, ({ params }) => ({ content: handlers.read?.(params) ?? '' }))
    .onRequest(methods.client.fs.writeTextFile, ({ params }) => {
      handlers.write?.(params);
      return {};
    });
  const stream = ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(tee) as ReadableStream<Uint8Array>);
  const connection = app.connect(stream);
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    child,
    agent: connection.agent,
    updates,
    permissions,
    rawStdout: () => raw,
    stderr: () => stderr,
    waitForUpdate: (test) =>
      new Promise((resolve) => {
        const hit = updates.find(test);
        if (hit) resolve(hit);
        else waiters.push({ test, resolve });
      }),
    close: async () => {
      connection.close();
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
