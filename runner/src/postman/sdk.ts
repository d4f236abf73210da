/** The postman-collection SDK, loaded on first use: the CLI starts without it when it runs a plan file. */
export type PostmanSdk = typeof import('postman-collection');

let loading: Promise<PostmanSdk> | undefined;

export function loadPostmanSdk(): Promise<PostmanSdk> {
  loading ??= import('postman-collection').then((module) => (module as { default?: PostmanSdk }).default ?? module);
  return loading;
}
