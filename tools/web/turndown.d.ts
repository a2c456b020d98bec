// The part of turndown 7's API tack uses (the package ships no types).
declare module 'turndown' {
  interface TurndownNode {
    nodeName: string;
    getAttribute(name: string): string | null;
    textContent: string | null;
  }
  interface Rule {
    filter: string | string[] | ((node: TurndownNode) => boolean);
    replacement: (content: string, node: TurndownNode) => string;
  }
  interface Options {
    headingStyle?: 'setext' | 'atx';
    codeBlockStyle?: 'indented' | 'fenced';
    bulletListMarker?: '-' | '+' | '*';
    emDelimiter?: '_' | '*';
  }
  export default class TurndownService {
    constructor(options?: Options);
    addRule(name: string, rule: Rule): this;
    remove(filter: string | string[] | ((node: TurndownNode) => boolean)): this;
    turndown(html: string): string;
  }
}
