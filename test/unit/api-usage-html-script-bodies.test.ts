import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { parseHtmlDocument } from '../../src/lint/api-usage/html-without-script-bodies.js';

/** Every element in document order with its attributes, positions and first text, as the scans read them. */
function elements(doc: DefaultTreeAdapterTypes.Document): string[] {
  const out: string[] = [];
  const stack: DefaultTreeAdapterTypes.ParentNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('tagName' in node) {
      const text = node.childNodes[0];
      out.push(
        JSON.stringify({
          tag: node.tagName,
          ns: node.namespaceURI,
          attrs: node.attrs,
          loc: node.sourceCodeLocation,
          text: text && 'value' in text ? [text.value, text.sourceCodeLocation] : null,
        }),
      );
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) {
      const child = node.childNodes[i]!;
      if ('childNodes' in child) stack.push(child);
    }
  }
  return out;
}

const long = (code: string) => `${code}\n${'// filler of a long script body\n'.repeat(12)}`;

test('pages with long scripts come out as parse5 parses them whole: elements, positions, script text', () => {
  const pages = [
    `<!doctype html>\r\n<html><head><script>${long('var a = "</scripts>";')}</script>\r\n<link rel=stylesheet href="a.css"></head>\n<body onload="go()"><a href="x.html">x</a><script src="b.js"></script></body></html>`,
    `<script type="text/javascript">\n<!--\n${long('document.write("<script>var x = 1;</script>");')}\n//-->\n</script><img src="after.png">`,
    `<script><!-- <script> ${long('x')} </script> still script --></script><iframe src="f.html"></iframe>`,
    `<script><!-- ${long('a')} --> </script><p style="background:url(p.png)">`,
    `<script>${long('a\0b\rc')}</SCRIPT ><a href=y>`,
    `<textarea><script>${long('not a script')}</script></textarea><script>${long('real')}</script>`,
    `<!-- <script>${long('in a comment')}</script> --><div title="<script>${long('in an attribute')}</script>">`,
    `<svg><script>${long('svg script')}</script></svg><script>${long('html')}</script>`,
    `<frameset><script>${long('ignored')}</script><frame src="a.html"></frameset>`,
    `<template><script>${long('in a template')}</script></template><script>${long('after')}</script>`,
    `<script a=">" b='</script>' c=d>${long('quoted')}</script><a href=z>`,
    `<script>${long('no end tag')}`,
    `\uFEFF<script>${long('bom')}</script>`,
    `<noscript><script>${long('raw text')}</script></noscript><a href=n>`,
    `<script><!-- ${long('if (a < b && c-- > 0 && d-->e) x = a<-b; y = "<!--";')} --></script><a href=d>`,
    `<script><!--${long('-<script>--x<-</script  <scrip>--<--->-')}</script><a href=e>`,
    `<script>${long('a<b; c--; "--><!--"; d->e')}</script><!-- - - --><a href=f>`,
  ];
  for (const html of pages) {
    assert.deepEqual(
      elements(parseHtmlDocument(html)),
      elements(parse(html, { sourceCodeLocationInfo: true })),
      html.slice(0, 80),
    );
  }
});
