// The few GitHub REST calls the action makes, to GITHUB_API_URL with the workflow's token.

export class GitHub {
  /** @param {{ apiUrl: string, token: string, repository: string }} o */
  constructor(o) {
    this.apiUrl = o.apiUrl.replace(/\/+$/, '');
    this.token = o.token;
    this.repository = o.repository;
  }

  async request(method, path, body) {
    const response = await fetch(`${this.apiUrl}/repos/${this.repository}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${this.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'tack-action',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`GitHub answered ${method} ${path} with ${response.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** Posts a comment on an issue or pull request; returns its URL. */
  async comment(issue, body) {
    const made = await this.request('POST', `/issues/${issue}/comments`, { body });
    return made?.html_url;
  }

  /** The 👀 reaction on the comment that asked: seen, working on it. */
  react(commentId, content = 'eyes') {
    return this.request('POST', `/issues/comments/${commentId}/reactions`, { content });
  }

  pullRequest(number) {
    return this.request('GET', `/pulls/${number}`);
  }
}
