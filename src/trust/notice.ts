// The line print mode (and every run without a terminal) writes when a folder's own files are ignored.
import type { TrustAssessment } from './assess.js';
import { visible } from '../text/terminal-text.js';

export function ignoredNotice(a: TrustAssessment): string {
  const names = a.files
    .filter((f) => f.change !== 'same')
    .map((f) => visible(f.rel))
    .join(', ');
  const why = a.status === 'changed' ? 'it changed since you trusted this folder' : 'this folder is not trusted';
  return `ignoring ${names} (${why}): review it, then run "tack trust" to trust it, or pass --trust for one run`;
}
