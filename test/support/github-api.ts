// A stand-in for the GitHub REST API on 127.0.0.1: it records every request (method, path, headers,
// body) and answers the few the Action makes (comments, reactions, a pull request) as GitHub does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpServers } from './listen.js';

export interface GitHubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: any;
}

export interface GitHubStandIn {
  /** the API's base URL, for GITHUB_API_URL */
  url: string;
  requests: GitHubRequest[];
  /** the bodies of the comments posted, by issue number */
  comments(issue: number): string[];
}

/** For a test file: `start(pulls)` starts a stand-in (closed after each test); `pulls` answers GET …/pulls/N. */
export function gitHubStandIns(): (pulls?: Record<number, object>) => Promise<GitHubStandIn> {
  const listen = httpServers();
  return async (pulls = {}) => {
    const requests: GitHubRequest[] = [];
    let ids = 1000;
    const answer = (res: ServerResponse, status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const url = await listen((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.setEncoding('utf8').on('data', (d: string) => (raw += d));
      req.on('end', () => {
        const path = req.url ?? '';
        const body = raw ? JSON.parse(raw) : undefined;
        requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
        const comment = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(path);
        if (req.method === 'POST' && comment) {
          const id = ++ids;
          return answer(res, 201, { id, html_url: `https://github.com/${comment[1]}/issues/${comment[2]}#issuecomment-${id}`, body: body?.body });
        }
        if (req.method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+\/reactions$/.test(path))
          return answer(res, 201, { id: ++ids, content: body?.content });
        const pull = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path);
        if (req.method === 'GET' && pull && pulls[Number(pull[1])]) return answer(res, 200, pulls[Number(pull[1])]!);
        answer(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      });
    });
    const comments = (issue: number) =>
      requests.filter((r) => r.method === 'POST' && new RegExp(`/issues/${issue}/comments$`).test(r.path)).map((r) => r.body.body as string);
    return { url, requests, comments };
  };
}
