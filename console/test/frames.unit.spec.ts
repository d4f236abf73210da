import { describe, expect, it } from 'vitest';
import { renderMarkdownPage } from '../build/markdownPage';
import {
  type FrameEvent,
  type FramesState,
  frameAddress,
  framesReducer,
  initialFramesState,
} from '../src/frames/frameState';

const run = (...events: FrameEvent[]): FramesState => events.reduce(framesReducer, initialFramesState);

describe('the page-visibility store (SPEC §3, §4 embedded page frames)', () => {
  it('starts with no frame and the box hidden', () => {
    expect(initialFramesState).toEqual({ box: false, frames: {} });
  });

  it('created: the frame is enabled and shown, the box shown, the params set', () => {
    expect(run({ type: 'created', id: '/book/index', params: { section: 'login' } })).toEqual({
      box: true,
      frames: { '/book/index': { params: { section: 'login' }, enable: true, show: true } },
    });
  });

  it('created without params keeps none', () => {
    expect(run({ type: 'created', id: '/book/index' }).frames['/book/index']?.params).toEqual({});
  });

  it('deactivated hides a shown frame and keeps it enabled; activated shows it again', () => {
    const hidden = run({ type: 'created', id: 'a' }, { type: 'deactivated', id: 'a' });
    expect(hidden.frames.a).toEqual({ params: {}, enable: true, show: false });
    const shown = framesReducer(hidden, { type: 'activated', id: 'a' });
    expect(shown.frames.a).toEqual({ params: {}, enable: true, show: true });
  });

  it('activated with other params takes them; without params keeps the ones it had', () => {
    const first = run({ type: 'created', id: 'a', params: { q: '1' } }, { type: 'deactivated', id: 'a' });
    expect(framesReducer(first, { type: 'activated', id: 'a' }).frames.a?.params).toEqual({ q: '1' });
    expect(framesReducer(first, { type: 'activated', id: 'a', params: { q: '2' } }).frames.a?.params).toEqual({
      q: '2',
    });
  });

  it('deactivated or activated when nothing changes returns the same state', () => {
    const shown = run({ type: 'created', id: 'a' });
    expect(framesReducer(shown, { type: 'activated', id: 'a' })).toBe(shown);
    const hidden = framesReducer(shown, { type: 'deactivated', id: 'a' });
    expect(framesReducer(hidden, { type: 'deactivated', id: 'a' })).toBe(hidden);
    expect(framesReducer(initialFramesState, { type: 'deactivated', id: 'x' })).toBe(initialFramesState);
  });

  it('destroyed disables the frame and hides the box', () => {
    const state = run({ type: 'created', id: 'a' }, { type: 'deactivated', id: 'a' }, { type: 'destroyed', id: 'a' });
    expect(state).toEqual({ box: false, frames: { a: { params: {}, enable: false, show: false } } });
  });

  it('destroying one frame keeps the box while another frame is in view', () => {
    const state = run(
      { type: 'created', id: 'a' },
      { type: 'deactivated', id: 'a' },
      { type: 'created', id: 'b' },
      { type: 'destroyed', id: 'a' },
    );
    expect(state.box).toBe(true);
    expect(state.frames.b).toEqual({ params: {}, enable: true, show: true });
    expect(state.frames.a?.enable).toBe(false);
  });

  it('activated on a frame never opened creates it, with the params given', () => {
    expect(run({ type: 'activated', id: 'a', params: { q: '1' } })).toEqual(
      run({ type: 'created', id: 'a', params: { q: '1' } }),
    );
  });

  it('a destroyed frame opened again is created afresh', () => {
    const state = run({ type: 'created', id: 'a' }, { type: 'destroyed', id: 'a' }, { type: 'activated', id: 'a' });
    expect(state).toEqual({ box: true, frames: { a: { params: {}, enable: true, show: true } } });
  });
});

describe('frameAddress', () => {
  it('passes the params on in the query, keeping the query and hash the address had', () => {
    expect(frameAddress('/system/assets/manual.html', {})).toBe('/system/assets/manual.html');
    expect(frameAddress('/m.html', { a: '1', b: '文档' })).toBe('/m.html?a=1&b=%E6%96%87%E6%A1%A3');
    expect(frameAddress('https://x.test/p?lang=zh#top', { a: '1', lang: 'en' })).toBe(
      'https://x.test/p?lang=en&a=1#top',
    );
  });
});

describe('renderMarkdownPage', () => {
  it('renders the markdown as a complete page titled by its first heading', () => {
    const page = renderMarkdownPage('# 帮助 <手册>\n\n- **加粗** 与 `代码`\n');
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain('<meta charset="utf-8">');
    expect(page).toContain('<title>帮助 &lt;手册&gt;</title>');
    expect(page).toContain('<li><strong>加粗</strong> 与 <code>代码</code></li>');
  });
});
