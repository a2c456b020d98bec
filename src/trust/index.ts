// Which of a folder's own files apply: trust.json (path + content hash), the notice, the question's data.
export { assessTrust, trustFolder, revokeFolder, repinAfterOwnWrite, type TrustAssessment, type TrustStatus, type FileReport } from './assess.js';
export { describeSettings } from './describe.js';
export { ignoredNotice } from './notice.js';
export { fileList, groupFiles, groupLine, type FileGroup } from './summary.js';
export { readTrust, trustFile, type TrustData, type TrustRecord } from './store.js';
export { trustRoot } from './project-files.js';
