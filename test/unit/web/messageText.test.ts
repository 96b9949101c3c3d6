/** A chat message's text as the page renders it: text stays text, only http(s) addresses become (safe) links. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageText, safeHref } from '../../../web/src/features/chat/MessageText';

const render = (text: string) => renderToStaticMarkup(createElement(MessageText, { text }));

describe('MessageText', () => {
  it('escapes HTML: a message is never markup', () => {
    expect(render('<img src=x onerror="alert(1)"><b>hi</b>')).toBe(
      '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;hi&lt;/b&gt;</p>',
    );
  });

  it('links http and https addresses, opening apart from this page, without trailing punctuation', () => {
    expect(render('Shiko https://example.com/a?b=1, ose http://x.al.')).toBe(
      '<p>Shiko <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">https://example.com/a?b=1</a>, ose ' +
        '<a href="http://x.al/" target="_blank" rel="noopener noreferrer">http://x.al</a>.</p>',
    );
  });

  it('leaves other schemes as text and keeps emoji and Albanian letters', () => {
    expect(render('javascript:alert(1) data:text/html,x 😀 ÇçËë')).toBe(
      '<p>javascript:alert(1) data:text/html,x 😀 ÇçËë</p>',
    );
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('https://example.com')).toBe('https://example.com/');
  });
});
