// The line print mode (and every run without a terminal) writes when a folder's own files are ignored.
import type { TrustAssessment } from './assess.js';
import { fileList } from './summary.js';
import { visible } from '../text/terminal-text.js';

export function ignoredNotice(a: TrustAssessment): string {
  const names = fileList(
    a.files.filter((f) => f.change !== 'same'),
    (f) => visible(f.rel),
  );
  const why = a.status === 'changed' ? 'it changed since you trusted this folder' : 'this folder is not trusted';
  return `ignoring ${names} (${why}): review it, then run "tack trust" to trust it, or pass --trust for one run`;
}
