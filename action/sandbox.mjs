// `sandbox: required | best-effort`. GitHub's hosted runners do not let unprivileged processes make
// user namespaces, so bubblewrap cannot start there: `required` then fails the run before tack starts,
// and `best-effort` runs tack without the sandbox and says so in the comment.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** bwrap on PATH, or undefined. */
function findBwrap(path = process.env.PATH ?? '') {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, 'bwrap'), constants.X_OK);
      return join(dir, 'bwrap');
    } catch {}
  }
  return undefined;
}

/** Whether bubblewrap can run a command here, and if not, why (one sentence). */
export function probeBwrap(path) {
  const bwrap = findBwrap(path);
  if (!bwrap) return { ok: false, why: 'bubblewrap (bwrap) is not installed on this runner' };
  const run = spawnSync(bwrap, ['--unshare-user', '--unshare-pid', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (run.status === 0) return { ok: true };
  const said = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n')[0];
  return { ok: false, why: `bubblewrap cannot run on this runner (${said}); GitHub's hosted runners do not allow unprivileged user namespaces` };
}

/**
 * The flags tack gets, and what fails or is said. `required`: `--sandbox on` (tack refuses to start
 * without it, a second check), or a failure before it starts. `best-effort`: tack's default, which
 * runs sandboxed where it can and unsandboxed with a note where it cannot.
 */
export function sandboxPlan(mode, path) {
  const probe = probeBwrap(path);
  if (mode === 'required') {
    if (probe.ok) return { flags: ['--sandbox', 'on'] };
    return {
      fail:
        `sandbox: required, but ${probe.why}. Run the action on a self-hosted runner with bubblewrap ` +
        '(and unprivileged user namespaces allowed), or set `sandbox: best-effort` to run tack without the sandbox.',
    };
  }
  return { flags: [], note: probe.ok ? undefined : `tack ran without its sandbox (sandbox: best-effort): ${probe.why}.` };
}
