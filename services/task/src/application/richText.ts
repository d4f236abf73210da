import sanitizeHtml from 'sanitize-html';

/**
 * What task descriptions, comments and notes may contain: basic formatting, lists, links over http(s), images
 * over http(s) or from our own uploads. No scripts, event handlers, styles, frames or other schemes.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    // An @mention: `<span data-mention-id="<userId>">@name</span>` (the messaging service tells the member).
    span: ['data-mention-id'],
  },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs:
        href && /^https?:\/\//i.test(href)
          ? { ...attribs, href, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : attribs,
    }),
    span: (tagName, { 'data-mention-id': mention, ...attribs }) => ({
      tagName,
      attribs: mention && /^\d{1,16}$/.test(mention) ? { ...attribs, 'data-mention-id': mention } : attribs,
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: isAllowedImage(attribs.src ?? '') ? attribs : { ...attribs, src: '' },
    }),
  },
};

const isAllowedImage = (src: string) => /^https?:\/\//i.test(src) || src.startsWith('/pmbok/files/');

/** Rich text made safe to show to other members. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options).trim();

/** Whether sanitised rich text shows anything: text or an image. */
export const hasVisibleContent = (html: string) =>
  html.includes('<img') || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;
