import { describe, expect, it } from 'vitest';
import { hasVisibleContent, sanitizeRichText } from '../src/application/richText.js';

describe('rich text from members', () => {
  it('keeps basic formatting, lists and http(s) links', () => {
    expect(sanitizeRichText('<p><b>粗</b><em>斜</em></p><ul><li>一</li></ul><a href="https://e.com">e</a>')).toBe(
      '<p><b>粗</b><em>斜</em></p><ul><li>一</li></ul><a href="https://e.com" target="_blank" rel="noopener noreferrer nofollow">e</a>',
    );
  });
  it('drops scripts, handlers, styles, frames and other link schemes', () => {
    expect(sanitizeRichText('<p onclick="x()" style="color:red">hi<script>alert(1)</script></p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('<iframe src="https://x"></iframe><style>p{}</style>')).toBe('');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a><a href="/local">y</a>')).toBe('<a>x</a><a>y</a>');
  });
  it('keeps images over http(s) or from our uploads only', () => {
    expect(sanitizeRichText('<img src="/pmbok/files/a.png" onerror="x">')).toBe('<img src="/pmbok/files/a.png" />');
    expect(sanitizeRichText('<img src="https://cdn.example/a.png">')).toBe('<img src="https://cdn.example/a.png" />');
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA"><img src="/etc/passwd"><img src=x>')).toBe('');
  });
  it('tells whether anything visible is left', () => {
    expect(hasVisibleContent(sanitizeRichText('<script>x</script>'))).toBe(false);
    expect(hasVisibleContent('<p> </p>')).toBe(false);
    expect(hasVisibleContent('<img src="/pmbok/files/a.png" />')).toBe(true);
  });
});
