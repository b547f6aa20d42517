// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeMessage } from '../../src/ui/game-chat/sanitize';

/** Payloads from the OWASP XSS filter evasion cheat sheet, and a few of their cousins. */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=# onmouseover="alert(\'xxs\')">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<a href="javas&#99;ript:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(\'XSS\');">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>',
  '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<div style="background-image: url(javascript:alert(\'XSS\'))">x</div>',
  "<STYLE>@import'http://xss.rocks/xss.css';</STYLE>",
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">',
  '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">',
  '<TABLE BACKGROUND="javascript:alert(\'XSS\')">',
  '<BASE HREF="javascript:alert(\'XSS\');//">',
  '<span onclick="alert(1)">clic</span>',
  '<a href="#" onmouseover=alert(1)>x</a>',
  '"><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

function dangers(html: string): string[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'form',
        'style',
        'meta',
        'link',
        'base',
        'svg',
        'math',
        'img',
        'input',
      ].includes(tag)
    ) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(attribute.name);
      if (attribute.name === 'style' || attribute.name === 'src') found.push(attribute.name);
      if (attribute.name === 'href' && !/^https?:/i.test(attribute.value.trim())) {
        found.push(`href=${attribute.value}`);
      }
    }
  }
  return found;
}

describe('chat message sanitiser', () => {
  it.each(payloads)('leaves nothing that runs of %s', (payload) => {
    const clean = sanitizeMessage(payload);
    expect(dangers(clean)).toEqual([]);
    expect(clean.toLowerCase()).not.toMatch(/javascript:|<script|onerror|onload/);
  });

  it('keeps the formatting a line may carry, and its text', () => {
    expect(sanitizeMessage('<b>Coup</b> <em>critique</em> !<br>2d6 : [6, 6]')).toBe(
      '<b>Coup</b> <em>critique</em> !<br>2d6 : [6, 6]',
    );
    expect(sanitizeMessage('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('keeps web links, opened away from the table without a handle on it', () => {
    expect(sanitizeMessage('<a href="https://example.org/carte" onclick="x()">carte</a>')).toBe(
      '<a href="https://example.org/carte" target="_blank" rel="noopener noreferrer nofollow">carte</a>',
    );
  });

  it('makes a web address written as text a link, and nothing else', () => {
    const link = (url: string) =>
      `<a href="${url}" target="_blank" rel="noopener noreferrer nofollow">${url}</a>`;
    expect(sanitizeMessage('La carte : https://example.org/carte?x=1&amp;y=2. Et http://a.fr')).toBe(
      `La carte : ${link('https://example.org/carte?x=1&amp;y=2')}. Et ${link('http://a.fr')}`,
    );
    expect(sanitizeMessage('(voir https://example.org/a)')).toBe(`(voir ${link('https://example.org/a')})`);
    expect(sanitizeMessage('<b>https://example.org</b>')).toBe(`<b>${link('https://example.org')}</b>`);
    expect(sanitizeMessage('ftp://example.org javascript:alert(1) mailto:a@b.fr')).toBe(
      'ftp://example.org javascript:alert(1) mailto:a@b.fr',
    );
    expect(sanitizeMessage('<a href="mailto:a@b.fr">écrire</a>')).not.toContain('href');
  });

  it('builds a written address as a node: its text injects no markup', () => {
    const clean = sanitizeMessage('https://example.org/&lt;img src=x onerror=alert(1)&gt;');
    expect(dangers(clean)).toEqual([]);
    expect(clean).not.toMatch(/<img/i);
  });
});
