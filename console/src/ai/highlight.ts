import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import go from 'highlight.js/lib/languages/go';
import http from 'highlight.js/lib/languages/http';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

// The languages an answer about API documents shows: requests, payloads and client code. The core and these
// weigh ~25 kB gzip, loaded with the dialog only.
for (const [name, language] of Object.entries({
  bash,
  go,
  http,
  java,
  javascript,
  json,
  python,
  sql,
  typescript,
  xml,
  yaml,
})) {
  hljs.registerLanguage(name, language);
}
// a block's text comes escaped out of marked and DOMPurify; nothing unescaped is inserted
hljs.configure({ ignoreUnescapedHTML: true });

/** Colours the code blocks under `root` (`language-x` from the fence, else guessed among the languages above). */
export function highlightCode(root: HTMLElement | null): void {
  for (const block of root?.querySelectorAll<HTMLElement>('pre code') ?? []) {
    if (block.dataset.highlighted) continue;
    const language = /language-(\S+)/.exec(block.className)?.[1];
    // a language not loaded stays plain: a guess among the others would colour it wrongly
    if (language && !hljs.getLanguage(language)) continue;
    hljs.highlightElement(block);
  }
}
