/** A markdown document rendered as an HTML page by console/build/markdownPage.ts: the page's URL. */
declare module '*.md?page' {
  const url: string;
  export default url;
}
