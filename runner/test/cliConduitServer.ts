import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { json, type Received } from './cliHarness.js';

/**
 * Enough of the RealWorld Conduit API (users, articles, favorites, comments, profiles, tags), in memory, for the
 * corpus's Conduit collection to run against: the answers follow the API's published shapes.
 */
export function conduitHandler(): (request: Received, response: ServerResponse) => void {
  interface User {
    email: string;
    password: string;
    username: string;
    bio: string | null;
    image: string | null;
    token: string;
    following: Set<string>;
  }
  interface Article {
    slug: string;
    title: string;
    description: string;
    body: string;
    tagList: string[];
    createdAt: string;
    updatedAt: string;
    author: string;
    favoritedBy: Set<string>;
    comments: { id: number; body: string; createdAt: string; updatedAt: string; author: string }[];
  }
  // The collection was written against the public demo, which has articles by johnjacob tagged dragons.
  const seeded = '2024-01-02T03:04:05.678Z';
  const users: User[] = [
    {
      email: 'jj@example.com',
      password: '-',
      username: 'johnjacob',
      bio: null,
      image: null,
      token: '-',
      following: new Set(),
    },
  ];
  const articles: Article[] = [
    {
      slug: 'how-to-train-your-dragon-0',
      title: 'How to train your dragon',
      description: 'Ever wonder how?',
      body: 'You have to believe',
      tagList: ['dragons', 'training'],
      createdAt: seeded,
      updatedAt: seeded,
      author: 'johnjacob',
      favoritedBy: new Set(),
      comments: [],
    },
  ];
  let commentIds = 0;

  const userJson = (u: User) => ({ email: u.email, token: u.token, username: u.username, bio: u.bio, image: u.image });
  const profile = (username: string, viewer?: User) => {
    const u = users.find((x) => x.username === username)!;
    return { username: u.username, bio: u.bio, image: u.image, following: viewer?.following.has(u.username) ?? false };
  };
  const articleJson = (a: Article, viewer?: User) => ({
    slug: a.slug,
    title: a.title,
    description: a.description,
    body: a.body,
    tagList: a.tagList,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    favorited: viewer ? a.favoritedBy.has(viewer.username) : false,
    favoritesCount: a.favoritedBy.size,
    author: profile(a.author, viewer),
  });
  const commentJson = (c: Article['comments'][number], viewer?: User) => ({ ...c, author: profile(c.author, viewer) });

  return (req, res) => {
    const url = new URL(req.url, 'http://x');
    const path = url.pathname.replace(/^\/api/, '');
    const body = req.body ? (JSON.parse(req.body) as Record<string, Record<string, unknown>>) : {};
    const token = /^Token (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const viewer = users.find((u) => u.token === token);
    const needViewer = () => {
      if (!viewer) json(res, 401, { errors: { body: ['unauthorized'] } });
      return viewer;
    };
    const now = () => new Date().toISOString();
    const route = `${req.method} ${path}`;

    if (route === 'POST /users') {
      const { email, password, username } = body.user as { email: string; password: string; username: string };
      const user: User = {
        email,
        password,
        username,
        bio: null,
        image: null,
        token: randomUUID(),
        following: new Set<string>(),
      };
      users.push(user);
      return json(res, 201, { user: userJson(user) });
    }
    if (route === 'POST /users/login') {
      const { email, password } = body.user as Record<string, string>;
      const user = users.find((u) => u.email === email && u.password === password);
      return user ? json(res, 200, { user: userJson(user) }) : json(res, 401, { errors: { credentials: ['invalid'] } });
    }
    if (route === 'GET /user') return needViewer() && json(res, 200, { user: userJson(viewer!) });
    if (route === 'PUT /user') {
      if (!needViewer()) return;
      Object.assign(viewer!, body.user);
      return json(res, 200, { user: userJson(viewer!) });
    }
    if (route === 'GET /tags') return json(res, 200, { tags: [...new Set(articles.flatMap((a) => a.tagList))] });
    if (route === 'GET /articles' || route === 'GET /articles/feed') {
      if (route === 'GET /articles/feed' && !needViewer()) return;
      const q = url.searchParams;
      const found = articles.filter(
        (a) =>
          (route === 'GET /articles' || viewer!.following.has(a.author)) &&
          (!q.get('author') || a.author === q.get('author')) &&
          (!q.get('tag') || a.tagList.includes(q.get('tag')!)) &&
          (!q.get('favorited') || a.favoritedBy.has(q.get('favorited')!)),
      );
      return json(res, 200, { articles: found.map((a) => articleJson(a, viewer)), articlesCount: found.length });
    }
    if (route === 'POST /articles') {
      if (!needViewer()) return;
      const input = body.article as { title: string; description: string; body: string; tagList?: string[] };
      const article: Article = {
        slug: `${input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${articles.length + 1}`,
        title: input.title,
        description: input.description,
        body: input.body,
        tagList: [...(input.tagList ?? [])].sort(),
        createdAt: now(),
        updatedAt: now(),
        author: viewer!.username,
        favoritedBy: new Set(),
        comments: [],
      };
      articles.unshift(article);
      return json(res, 201, { article: articleJson(article, viewer) });
    }
    const onArticle = /^\/articles\/([^/]+)(\/favorite|\/comments(?:\/(\d+))?)?$/.exec(path);
    if (onArticle) {
      const article = articles.find((a) => a.slug === onArticle[1]);
      if (!article) return json(res, 404, { errors: { article: ['not found'] } });
      const [, , tail, commentId] = onArticle;
      if (!tail && req.method === 'GET') return json(res, 200, { article: articleJson(article, viewer) });
      if (tail === '/comments' && req.method === 'GET') {
        return json(res, 200, { comments: article.comments.map((c) => commentJson(c, viewer)) });
      }
      if (!needViewer()) return;
      if (!tail && req.method === 'PUT') {
        Object.assign(article, body.article, { updatedAt: now() });
        return json(res, 200, { article: articleJson(article, viewer) });
      }
      if (!tail && req.method === 'DELETE') {
        articles.splice(articles.indexOf(article), 1);
        return json(res, 200, {});
      }
      if (tail === '/favorite') {
        if (req.method === 'POST') article.favoritedBy.add(viewer!.username);
        else article.favoritedBy.delete(viewer!.username);
        return json(res, 200, { article: articleJson(article, viewer) });
      }
      if (tail === '/comments' && req.method === 'POST') {
        const comment = {
          id: ++commentIds,
          body: String(body.comment?.body),
          createdAt: now(),
          updatedAt: now(),
          author: viewer!.username,
        };
        article.comments.push(comment);
        return json(res, 201, { comment: commentJson(comment, viewer) });
      }
      if (commentId && req.method === 'DELETE') {
        article.comments = article.comments.filter((c) => c.id !== Number(commentId));
        return json(res, 200, {});
      }
    }
    const onProfile = /^\/profiles\/([^/]+)(\/follow)?$/.exec(path);
    if (onProfile) {
      const username = onProfile[1]!;
      if (!users.some((u) => u.username === username)) return json(res, 404, { errors: { profile: ['not found'] } });
      if (onProfile[2]) {
        if (!needViewer()) return;
        if (req.method === 'POST') viewer!.following.add(username);
        else viewer!.following.delete(username);
      }
      return json(res, 200, { profile: profile(username, viewer) });
    }
    json(res, 404, { errors: { route: [`${route} not found`] } });
  };
}
