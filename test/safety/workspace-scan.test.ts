// The workspace scan runs before every edit and write (the policy's list of what runs later) and
// before every sandboxed command. A tool loop that adds a file per step to one folder keeps that
// folder freshly changed: each scan reads it again, and must not test every name in it again.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinSecretTest, type SecretTest } from '../../tools/fs/secret-files.js';
import { WorkspaceScanner } from '../../tools/sandbox/workspace-scan.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The built-in test, and every path it was asked about. */
function countingTest(): { test: SecretTest; asked: string[] } {
  const asked: string[] = [];
  const test: SecretTest = (path) => {
    asked.push(path);
    return builtinSecretTest(path);
  };
  return { test, asked };
}

describe('WorkspaceScanner in a folder that grows at every step', () => {
  it('tests each file once over 200 steps, not once per step, and still sees what each step added', () => {
    const root = mkdtempSync(join(tmpdir(), 'tack-scan-steps-'));
    roots.push(root);
    mkdirSync(join(root, 'out'));
    writeFileSync(join(root, 'README.md'), 'hi');
    const { test, asked } = countingTest();
    const scanner = new WorkspaceScanner(root, test);
    scanner.scan();
    for (let step = 0; step < 200; step++) {
      writeFileSync(join(root, 'out', `w${step}.txt`), `step ${step}\n`);
      // the folder changed just now (racy): read again, so a secret written this step is found at once
      if (step === 150) writeFileSync(join(root, 'out', '.env'), 'KEY=x');
      const found = scanner.scan();
      if (step >= 150) expect(found.secrets).toEqual([join(root, 'out', '.env')]);
      else expect(found.secrets).toEqual([]);
    }
    // 200 step files, the .env and the README: one test each (a walk of the whole folder per step made 20,000)
    expect(asked.length).toBe(202);
    expect(new Set(asked).size).toBe(202);
  });

  it('tests a name again when it comes back after it was gone', () => {
    const root = mkdtempSync(join(tmpdir(), 'tack-scan-steps-'));
    roots.push(root);
    const { test, asked } = countingTest();
    const scanner = new WorkspaceScanner(root, test);
    writeFileSync(join(root, '.env'), 'KEY=x');
    expect(scanner.scan().secrets).toEqual([join(root, '.env')]);
    rmSync(join(root, '.env'));
    expect(scanner.scan().secrets).toEqual([]);
    mkdirSync(join(root, '.env'));
    writeFileSync(join(root, '.env', 'inside'), '');
    expect(scanner.scan().secrets).toEqual([]);
    rmSync(join(root, '.env'), { recursive: true });
    writeFileSync(join(root, '.env'), 'KEY=y');
    expect(scanner.scan().secrets).toEqual([join(root, '.env')]);
    expect(asked.filter((p) => p === join(root, '.env'))).toHaveLength(2);
  });
});
