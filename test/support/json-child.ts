// A tack process driven over JSON lines (stream-json input, ACP's ndjson is separate): write lines to
// its stdin while it runs, wait for the lines it writes, close its input when done.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { cleanEnv, tackBin } from './cli.js';

export interface JsonChild {
  child: ChildProcess;
  /** every JSON line written to stdout so far */
  lines: any[];
  stderr: () => string;
  send(line: unknown): void;
  /** a raw line, as written (no JSON encoding) */
  sendRaw(text: string): void;
  /** the first line (from the start) matching `test`; rejects if the process ends first */
  waitFor(test: (line: any) => boolean): Promise<any>;
  end(): void;
  exited: Promise<number | null>;
}

export function spawnJsonChild(args: string[], o: { cwd: string; home: string; env?: Record<string, string> }): JsonChild {
  const child = spawn(process.execPath, [tackBin, ...args], { cwd: o.cwd, env: cleanEnv(o.home, o.env), stdio: 'pipe' });
  const lines: any[] = [];
  let stdoutRest = '';
  let stderr = '';
  let waiters: { test: (l: any) => boolean; resolve: (l: any) => void; reject: (e: Error) => void }[] = [];
  const settle = () => {
    waiters = waiters.filter((w) => {
      const hit = lines.find(w.test);
      if (hit) w.resolve(hit);
      return !hit;
    });
  };
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    const parts = (stdoutRest + d).split('\n');
    stdoutRest = parts.pop()!;
    for (const part of parts) lines.push(JSON.parse(part));
    settle();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      for (const w of waiters) w.reject(new Error(`tack exited (${code}) before the line came; stderr: ${stderr}`));
      waiters = [];
      resolve(code);
    }),
  );
  return {
    child,
    lines,
    stderr: () => stderr,
    send: (line) => child.stdin!.write(`${JSON.stringify(line)}\n`),
    sendRaw: (text) => child.stdin!.write(text),
    waitFor: (test) =>
      new Promise((resolve, reject) => {
        waiters.push({ test, resolve, reject });
        settle();
      }),
    end: () => child.stdin!.end(),
    exited,
  };
}
