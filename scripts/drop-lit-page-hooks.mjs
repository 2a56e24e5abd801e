// A Vite plugin for the script-tag app: the Lit it bundles for itself leaves out what the app never uses.
// First, the hooks that Lit keeps on the page's globalThis for the page's own Lit:
// - the version lists (litHtmlVersions, reactiveElementVersions, litElementVersions), which a page's Lit in
//   development mode reads to warn that several copies of Lit are loaded: the widget's copy is private to it by
//   design, and the page's developers could do nothing about that warning;
// - the polyfill hooks (litHtmlPolyfillSupport, reactiveElementPolyfillSupport, litElementPolyfillSupport),
//   set by @lit/polyfill-support for browsers without native shadow DOM, which cannot run the widget's ES2022
//   code in the first place, and the look for the same polyfills' ShadyCSS before adopting style sheets;
// - the hydration hook (litElementHydrateSupport), set by a page that server-renders its own Lit elements: the
//   widget is never server-rendered, and that hook would take the shadow root the loader made for the launcher
//   for server output to hydrate;
// - the metadata of standard decorators (Lit polyfills Symbol.metadata on the page's Symbol and shares
//   litPropertyMetadata through globalThis, then reads them for every element class): the widget declares its
//   properties in `static properties`, never with decorators, and a module of the app that imports Lit's
//   decorators fails the build.
// Then things of Lit's own that only other code or older browsers would use:
// - the SVG and MathML kinds of template (svg``, mathml``), which wrap a template's markup in <svg> or <math>
//   to parse it: the widget writes every template with html`` (the parser puts what is inside an <svg> in the
//   SVG namespace anyway), and Lit no longer exports the two tags, so a module of the app that imports either
//   fails the build;
// - class initializers (ReactiveElement.addInitializer and the list each class copies from its parent), the
//   way decorators set up each instance: the app has none, and a module of the app that names addInitializer
//   fails the build;
// - reactive properties that restore their default when their attribute is removed (the `useDefault` option)
//   or that wrap an accessor of the class's own (which Lit then reads once more before the first update): the
//   widget's properties are plain fields with neither, and a module of the app that names useDefault fails
//   the build;
// - the tracking of whether each part of a template is in the page (setConnected, isConnected and the parts'
//   _$AU, _$AP, _$AO, _$AN), which only async directives (until, ref, asyncAppend…) read, to pause while their
//   element is out of the page: the app has none, and a module of the app that imports Lit's async-directive
//   module fails the build;
// - the way to style a shadow root without constructed style sheets (a <style> element per style sheet, with
//   the page's litNonce): the script-tag widget needs constructed style sheets anyway, since its loader adopts
//   one for the launcher before the app loads (as the teaser does for itself), so a browser without them
//   (Firefox before 101; Safari before 16.4, which cannot parse the app's class static blocks either) never
//   shows the launcher; only an inline widget in Firefox 98 to 100 (2022) was styled that way, and is now
//   drawn without styles. docs/csp.md says that no <style> element is ever written;
// - what a part tells a directive about its place and kind (a child part's parentNode, startNode and endNode, a
//   template instance's parentNode, an attribute part's tagName, every part's type), which directives such as
//   repeat, cache or classMap read: the app's directives (memo, the highlighted code) read none of them, and
//   an app module that imports Lit's directive module and names one, or imports one of Lit's directives but
//   ifDefined (a plain function), fails the build; with them, the creationScope render option (a document
//   to import templates into), which the widget never sets, and an app module that names it fails the build;
// - the property options the widget never sets: a converter of its own, noAccessor and hasChanged (an app
//   module that names one fails the build), the writing of an Array or Object property into its attribute as
//   JSON (the widget reflects strings and a boolean only, and an app module whose property options reflect an
//   Array or Object fails the build), and the symbol keys of `static properties` (the widget's are names);
// - the controller hook before each update (hostUpdate) and the element's firstUpdated(): the app's controllers
//   (the chat controller, the tab link) use hostConnected, hostDisconnected and hostUpdated only, and an app
//   module that names either fails the build;
// - the cache of constructed style sheets by the strings of a css`` template, which the app never writes (its
//   styles are single literals through unsafeCSS, each made into a sheet once, as before);
// - the update cycle's hooks that only an element overriding them needs (scheduleUpdate, getUpdateComplete,
//   shouldUpdate), and the no-op enableUpdating() that each element's constructor covers with its own: the
//   widget overrides none, and an app module that names one fails the build;
// - bindings anywhere but in text and in attribute values: in an element's tag (`<div ${ref}>`, an element
//   part), in a comment, or in the text of a script, style, textarea or title element; an app module with an
//   html`` template that binds there (as Lit's scanner reads it, see bindingPlaces) fails the build;
// - the sorting out of an element's styles beyond flattening them: a style sheet listed twice is adopted twice
//   (the same cascade as once, in its last place), and getCompatibleStyle, which returns its style as it is
//   where style sheets are adopted (always, see above), is not called;
// - the preparation of html`` templates in the page (Lit's scanner of a template's literal parts, the walk of
//   its parsed HTML for the bindings, the cache of prepared templates by strings array, and the html`` tag):
//   every template of the app is compiled at build time (scripts/compile-lit-templates.mjs), so the app's Lit
//   draws compiled templates only, and exports the part constructors their parts name. An app module that names
//   _$litType$ itself (before compiling) fails the build. With the scanner go the random marker it looks for and
//   its pattern of an attribute, which the minifier kept as calls (Math.random(), RegExp()) with their results
//   unused: the pattern's parse was work on the way to the widget's first paint;
// - the page-wide identity of Lit's noChange and nothing (symbols from the global registry, so that the
//   values of one copy of Lit mean the same to another): no value made by another copy reaches the widget's
//   templates, and its own chunks import the two from the app;
// - a CSSResult's toString() (the app never writes a style sheet into a string: its css`` takes a single
//   literal) and LitElement's _$litElement$ mark, which only server rendering reads;
// - the guard that throws when a CSSResult is constructed with `new` rather than through css`` or
//   unsafeCSS, a message for developers of the page's own Lit code: no code but the app's reaches the class of
//   the widget's private copy of Lit;
// - LitElement's renderBefore taken from the first child of its shadow root, and its default render(): the
//   widget, the app's only element, empties the shadow root the loader drew the launcher in before Lit renders
//   there (so that first child was always null), and draws its own render().
// Each hook's read and call go whole (a call left on `void 0` came out of the minifiers as a call of 0, which
// throws), and the minifier drops what is left unused. A Lit whose files no longer hold exactly these fails the
// build, so an upgrade is looked at, not missed.

import { htmlTemplateStrings } from './minify-lit-templates.mjs';

/** Per Lit file (its production build): what goes, as [pattern, replacement, times], each found exactly `times` (once unless given). */
const HOOKS = [
  {
    file: /\/node_modules\/lit-html\/lit-html\.js$/,
    // const …,B=t.litHtmlPolyfillSupport;B?.(S,k),(t.litHtmlVersions??=[]).push("3.3.3");
    // …,l=2===i?"<svg>":3===i?"<math>":"",…;return[V(t,l+(t[s]||"<?>")+(2===i?"</svg>":3===i?"</math>":"")),e]
    // if(this.el=S.createElement(f,e),P.currentNode=this.el.content,2===i||3===i){const t=…;t.replaceWith(…)}
    // const j={M:h,P:o,A:n,C:1,L:N,R,D:d,V:M,I:k,H,N:L,U:z,B:I,F:Z} (H AttributePart, L BooleanAttributePart, z EventPart, I PropertyPart)
    // export{j as _$LH,b as html,T as mathml,E as noChange,A as nothing,D as render,w as svg};
    patterns: [
      [/(\w+)=(\w+)\.litHtmlPolyfillSupport;\1\?\.\(\w+,\w+\),\(\2\.litHtmlVersions\?\?=\[\]\)\.push\("[^"]*"\)/g, '$1=0'],
      [/(\w+)=2===(\w+)\?"<svg>":3===\2\?"<math>":""/g, '$1=""'],
      [/\+\(2===(\w+)\?"<\/svg>":3===\1\?"<\/math>":""\)/g, ''],
      [/,2===(\w+)\|\|3===\1\)\{const (\w+)=this\.el\.content\.firstChild;\2\.replaceWith\(\.\.\.\2\.childNodes\)\}/g, ',0);'],
      [/,\w+ as mathml\b/g, ''],
      [/,\w+ as svg\b/g, ''],
      [/(?<=get parentNode\(\)\{return this\._\$AM\.parentNode\})get _\$AU\(\)\{return this\._\$AM\._\$AU\}/g, ''],
      [/(?<=get tagName\(\)\{return this\.element\.tagName\})get _\$AU\(\)\{return this\._\$AM\._\$AU\}/g, ''],
      [/(?<=this\.options=\w+\})get _\$AU\(\)\{return this\._\$AM\._\$AU\}/g, ''],
      [/get _\$AU\(\)\{return this\._\$AM\?\._\$AU\?\?this\._\$Cv\}/g, ''],
      [/,this\._\$Cv=\w+\?\.isConnected\?\?!0/g, ''],
      [/setConnected\((\w+)\)\{void 0===this\._\$AM&&\(this\._\$Cv=\1,this\._\$AP\?\.\(\1\)\)\}/g, ''],
      [/for\(this\._\$AP\?\.\(!1,!0,\w+\);/g, 'for(;'],
      [/\w+\?\._\$AO\?\.\(!1\),/g, ''],
      [/this\._\$AN=void 0,/g, '', 4],
      [/get tagName\(\)\{return this\.element\.tagName\}/g, ''],
      [/get startNode\(\)\{return this\._\$AA\}get endNode\(\)\{return this\._\$AB\}/g, ''],
      [/get parentNode\(\)\{return this\._\$AM\.parentNode\}/g, ''],
      [/get parentNode\(\)\{let (\w+)=this\._\$AA\.parentNode;const (\w+)=this\._\$AM;return void 0!==\2&&11===\1\?\.nodeType&&\(\1=\2\.parentNode\),\1\}/g, ''],
      [/\(\w+\?\.creationScope\?\?(\w+)\)\.importNode/g, '$1.importNode'],
      [/else (\w+)\.startsWith\(\w+\)&&\(\w+\.push\(\{type:6,index:\w+\}\),\w+\.removeAttribute\(\1\)\)/g, ''],
      [
        /if\(\w+\.test\((\w+)\.tagName\)\)\{const (\w+)=\1\.textContent\.split\(\w+\),(\w+)=\2\.length-1;if\(\3>0\)\{\1\.textContent=\w+\?\w+\.emptyScript:"";for\(let (\w+)=0;\4<\3;\4\+\+\)\1\.append\(\2\[\4\],\w+\(\)\),\w+\.nextNode\(\),\w+\.push\(\{type:2,index:\+\+\w+\}\);\1\.append\(\2\[\3\],\w+\(\)\)\}\}/g,
        '',
      ],
      [
        /if\((\w+)\.data===(\w+)\)(\w+)\.push\(\{type:2,index:(\w+)\}\);else\{let (\w+)=-1;for\(;-1!==\(\5=\1\.data\.indexOf\((\w+),\5\+1\)\);\)\3\.push\(\{type:7,index:\4\}\),\5\+=\6\.length-1\}/g,
        'if($1.data===$2)$3.push({type:2,index:$4});',
      ],
      [
        /2===(\w+)\.type\?(\w+=new \w+\([\w.,]+\)):1===\1\.type\?(\w+=new \1\.ctor\([\w.,]+\)):6===\1\.type&&\(\w+=new \w+\(\w+,this,\w+\)\)/g,
        (_, part, text, attribute) => `${part}.ctor?${attribute.replace(`${part}.strings`, `${part}.strings||["",""]`)}:${text}`,
      ],
      [/Symbol\.for\("lit-(?:noChange|nothing)"\)/g, 'Symbol()', 2],
      [/constructor\(\)\{super\(\.\.\.arguments\),this\.type=[34]\}/g, '', 2],
      [/constructor\((\w+),(\w+),(\w+),(\w+),(\w+)\)\{super\(\1,\2,\3,\4,\5\),this\.type=5\}/g, ''],
      [/this\.type=[126],/g, '', 3],
      [/"number"==typeof (\w+)\?this\._\$AC\(\w+\):\(void 0===\1\.el&&\(\1\.el=\w+\.createElement\((\w+\(\1\.h,\1\.h\[0\]\)),this\.options\)\),\1\)/g, '(void 0===$1.el&&(($1.el=document.createElement("template")).innerHTML=$2),$1)'],
      [/_\$AC\((\w+)\)\{let (\w+)=\w+\.get\(\1\.strings\);return void 0===\2&&\w+\.set\(\1\.strings,\2=new \w+\(\1\)\),\2\}/g, ''],
      [/,\w+ as html\b/g, ''],
      [/(?<=,\w+=)`lit\$\$\{Math\.random\(\)\.toFixed\(9\)\.slice\(2\)\}\$`/g, '""'],
      [/(?<=,\w+=)RegExp\(`>\|(?:[^`\\]|\\.)*`,"g"\)/g, '0'],
      [
        /(const (\w+)=\{M:\w+,P:\w+,A:\w+,C:1,L:\w+,R,D:\w+,V:\w+,I:\w+,(\w+),N:(\w+),U:(\w+),B:(\w+),F:\w+\}[^]*)export\{\2 as _\$LH,/g,
        '$1export{$2 as _$$LH,$3 as AttributePart,$4 as BooleanAttributePart,$5 as EventPart,$6 as PropertyPart,',
      ],
    ],
  },
  {
    file: /\/node_modules\/@lit\/reactive-element\/reactive-element\.js$/,
    // p=a.reactiveElementPolyfillSupport, … ,p?.({ReactiveElement:y}),(a.reactiveElementVersions??=[]).push("2.1.2");
    // Symbol.metadata??=Symbol("metadata"),a.litPropertyMetadata??=new WeakMap;
    // const t=this[Symbol.metadata];if(null!==t){const s=litPropertyMetadata.get(t);if(void 0!==s)for(…)…}
    // static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)} … t.finalize(),void 0!==t.l&&(this.l=[...t.l]),…
    // … this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}
    // b={attribute:!0,…,useDefault:!1,…}; createProperty: …,this.prototype.hasOwnProperty(t)&&((s=Object.create(s)).wrapped=!0),…
    // _$AK: this[e]=r??this._$Ej?.get(e)??r; requestUpdate: …(i.hasChanged??f)(h,s)||i.useDefault&&i.reflect&&…
    // C(t,s,{useDefault:i,reflect:e,wrapped:h},r){i&&!(this._$Ej??=new Map).has(t)&&(…)||(this._$AL.has(t)||(…
    // performUpdate: const t=this.constructor.elementProperties;if(t.size>0)for(const[s,i]of t){const{wrapped:t}=i,…}
    patterns: [
      [/\b\w+\.reactiveElementPolyfillSupport\b/g, '0'],
      [/,\w+\?\.\(\{ReactiveElement:\w+\}\),\(\w+\.reactiveElementVersions\?\?=\[\]\)\.push\("[^"]*"\)/g, ''],
      [/Symbol\.metadata\?\?=Symbol\("metadata"\),\w+\.litPropertyMetadata\?\?=new WeakMap;/g, ''],
      [
        /const (\w+)=this\[Symbol\.metadata\];if\(null!==\1\)\{const (\w+)=litPropertyMetadata\.get\(\1\);if\(void 0!==\2\)for\(const\[\w+,\w+\]of \2\)this\.elementProperties\.set\(\w+,\w+\)\}/g,
        '',
      ],
      [/static addInitializer\((\w+)\)\{this\._\$Ei\(\),\(this\.l\?\?=\[\]\)\.push\(\1\)\}/g, ''],
      [/,void 0!==(\w+)\.l&&\(this\.l=\[\.\.\.\1\.l\]\)/g, ''],
      [/,this\.constructor\.l\?\.forEach\((\w+)=>\1\(this\)\)/g, ''],
      [/,useDefault:!1\b/g, ''],
      [/,this\.prototype\.hasOwnProperty\((\w+)\)&&\(\((\w+)=Object\.create\(\2\)\)\.wrapped=!0\)/g, ''],
      [/this\[(\w+)\]=(\w+)\?\?this\._\$Ej\?\.get\(\1\)\?\?\2/g, 'this[$1]=$2'],
      [/\|\|(\w+)\.useDefault&&\1\.reflect&&\w+===this\._\$Ej\?\.get\((\w+)\)&&!this\.hasAttribute\(\w+\._\$Eu\(\2,\1\)\)/g, ''],
      [
        /\{useDefault:(\w+),reflect:(\w+),wrapped:(\w+)\},(\w+)\)\{\1&&!\(this\._\$Ej\?\?=new Map\)\.has\((\w+)\)&&\(this\._\$Ej\.set\(\5,\4\?\?\w+\?\?this\[\5\]\),!0!==\3\|\|void 0!==\4\)\|\|\(this\._\$AL\.has\(\5\)\|\|\(this\.hasUpdated\|\|\1\|\|/g,
        '{reflect:$2}){(this._$AL.has($5)||(this.hasUpdated||',
      ],
      [
        /const (\w+)=this\.constructor\.elementProperties;if\(\1\.size>0\)for\(const\[(\w+),(\w+)\]of \1\)\{const\{wrapped:(\w+)\}=\3,(\w+)=this\[\2\];!0!==\4\|\|this\._\$AL\.has\(\2\)\|\|void 0===\5\|\|this\.C\(\2,void 0,\3,\5\)\}/g,
        '',
      ],
      [/,!\w+\.noAccessor\)\{/g, '){'],
      [/\(void 0!==(\w+)\.converter\?\.toAttribute\?\1\.converter:(\w+)\)\.toAttribute/g, '$2.toAttribute'],
      [/"function"==typeof (\w+)\.converter\?\{fromAttribute:\1\.converter\}:void 0!==\1\.converter\?\.fromAttribute\?\1\.converter:(\w+)/g, '$2'],
      [/,this\._\$EO\?\.forEach\((\w+)=>\1\.hostUpdate\?\.\(\)\)/g, ''],
      [/this\.hasUpdated\|\|\(this\.hasUpdated=!0,this\.firstUpdated\(\w+\)\)/g, 'this.hasUpdated=!0'],
      [/firstUpdated\(\w+\)\{\}/g, ''],
      [/\[\.\.\.(\w+)\((\w+)\),\.\.\.\w+\(\2\)\]/g, '$1($2)'],
      [/const (\w+)=this\.scheduleUpdate\(\);return null!=\1&&await \1,!this\.isUpdatePending\}scheduleUpdate\(\)\{return this\.performUpdate\(\)\}/g, 'return this.performUpdate(),!this.isUpdatePending}'],
      [/get updateComplete\(\)\{return this\.getUpdateComplete\(\)\}getUpdateComplete\(\)\{return this\._\$ES\}/g, 'get updateComplete(){return this._$ES}'],
      [/(\w+)=this\.shouldUpdate\((\w+)\),\1\?\(this\.willUpdate\(\2\),this\.update\(\2\)\):this\._\$EM\(\)/g, '$1=!0,this.willUpdate($2),this.update($2)'],
      [/shouldUpdate\(\w+\)\{return!0\}/g, ''],
      [/enableUpdating\(\w+\)\{\}/g, ''],
      [/\(\w+\.hasChanged\?\?(\w+)\)\(/g, '$1('],
      [/;break;case Object:case Array:(\w+)=null==\1\?\1:JSON\.stringify\(\1\)\}return \1\}/g, '}return $1}'],
      [
        /static finalizeStyles\((\w+)\)\{const (\w+)=\[\];if\(Array\.isArray\(\1\)\)\{const (\w+)=new Set\(\1\.flat\(1\/0\)\.reverse\(\)\);for\(const \1 of \3\)\2\.unshift\(\w+\(\1\)\)\}else void 0!==\1&&\2\.push\(\w+\(\1\)\);return \2\}/g,
        'static finalizeStyles($1){return[$1??[]].flat(1/0)}',
      ],
    ],
  },
  {
    file: /\/node_modules\/@lit\/reactive-element\/css-tag\.js$/,
    // e=t.ShadowRoot&&(void 0===t.ShadyCSS||t.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&…
    // (e, supportsAdoptingStyleSheets, then always true: the minifier drops the branches that write <style>)
    patterns: [
      [/\(void 0===(\w+)\.ShadyCSS\|\|\1\.ShadyCSS\.nativeShadow\)&&/g, ''],
      [/(\w+)=\w+\.ShadowRoot&&"adoptedStyleSheets"in Document\.prototype&&"replace"in CSSStyleSheet\.prototype/g, '$1=!0'],
      [
        /const (\w+)=void 0!==(\w+)&&1===\2\.length;\1&&\((\w+)=\w+\.get\(\2\)\),void 0===\3&&\(\(this\.o=\3=new CSSStyleSheet\)\.replaceSync\(this\.cssText\),\1&&\w+\.set\(\2,\3\)\)/g,
        '(this.o=$3=new CSSStyleSheet).replaceSync(this.cssText)',
      ],
      [/,\w+=new WeakMap;class /g, ';class '],
      [/toString\(\)\{return this\.cssText\}/g, ''],
      [/if\(this\._\$cssResult\$=!0,\w+!==\w+\)throw Error\("CSSResult is not constructable[^"]*"\);/g, 'this._$cssResult$=!0;'],
    ],
  },
  {
    file: /\/node_modules\/lit-element\/lit-element\.js$/,
    // s.litElementHydrateSupport?.({LitElement:i});const o=s.litElementPolyfillSupport;o?.({LitElement:i}); …
    // (s.litElementVersions??=[]).push("4.2.2");
    patterns: [
      [/\b\w+\.litElementHydrateSupport\?\.\(\{LitElement:\w+\}\)/g, '0'],
      [/const (\w+)=\w+\.litElementPolyfillSupport;\1\?\.\(\{LitElement:\w+\}\);/g, ''],
      [/\(\w+\.litElementVersions\?\?=\[\]\)\.push\("[^"]*"\)/g, '0'],
      [/this\.hasUpdated\|\|\(this\.renderOptions\.isConnected=this\.isConnected\),/g, ''],
      [/connectedCallback\(\)\{super\.connectedCallback\(\),this\._\$Do\?\.setConnected\(!0\)\}disconnectedCallback\(\)\{super\.disconnectedCallback\(\),this\._\$Do\?\.setConnected\(!1\)\}/g, ''],
      [/createRenderRoot\(\)\{const (\w+)=super\.createRenderRoot\(\);return this\.renderOptions\.renderBefore\?\?=\1\.firstChild,\1\}/g, ''],
      [/render\(\)\{return \w+\}/g, ''],
      [/\b\w+\._\$litElement\$=!0,/g, ''],
    ],
  },
  {
    file: /\/node_modules\/lit-html\/directive\.js$/,
    // class i{constructor(t){}get _$AU(){return this._$AM._$AU}_$AT(t,e,i){…}…}
    patterns: [[/get _\$AU\(\)\{return this\._\$AM\._\$AU\}/g, '']],
  },
];

// The states of Lit's template scanner (lit-html's getTemplateHtml), to tell where each binding of a template is.
const SPACE = '[ \t\n\f\r]';
const TEXT_END = /<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g;
const COMMENT_END = /-->/g;
const COMMENT2_END = />/g;
const TAG_END = new RegExp(`>|${SPACE}(?:([^\\s"'>=/]+)(${SPACE}*=${SPACE}*(?:[^ \t\n\f\r"'\`<>=]|("|')|))|$)`, 'g');
const SINGLE_QUOTE_END = /'/g;
const DOUBLE_QUOTE_END = /"/g;
const RAW_TEXT_ELEMENT = /^(?:script|style|textarea|title)$/i;

/**
 * Where each binding of an html`` template with these literal parts is, as Lit's scanner reads it: 'child' (in
 * text), 'attribute', 'element' (in a tag but not an attribute's value: `<div ${x}>`), 'comment', or 'raw text'
 * (in a script, style, textarea or title element).
 */
export function bindingPlaces(strings) {
  const places = [];
  let regex = TEXT_END;
  let rawTextEnd;
  for (const s of strings.slice(0, -1)) {
    let attributeEnd = -1;
    let lastIndex = 0;
    while (lastIndex < s.length) {
      regex.lastIndex = lastIndex;
      const match = regex.exec(s);
      if (match === null) break;
      lastIndex = regex.lastIndex;
      if (regex === TEXT_END) {
        if (match[1] === '!--') regex = COMMENT_END;
        else if (match[1] !== undefined) regex = COMMENT2_END;
        else if (match[2] !== undefined) {
          if (RAW_TEXT_ELEMENT.test(match[2])) rawTextEnd = new RegExp(`</${match[2]}`, 'g');
          regex = TAG_END;
        } else if (match[3] !== undefined) regex = TAG_END;
      } else if (regex === TAG_END) {
        if (match[0] === '>') {
          regex = rawTextEnd ?? TEXT_END;
          attributeEnd = -1;
        } else if (match[1] === undefined) attributeEnd = -2;
        else {
          attributeEnd = 0;
          regex = match[3] === undefined ? TAG_END : match[3] === '"' ? DOUBLE_QUOTE_END : SINGLE_QUOTE_END;
        }
      } else if (regex === DOUBLE_QUOTE_END || regex === SINGLE_QUOTE_END) regex = TAG_END;
      else if (regex === COMMENT_END || regex === COMMENT2_END) regex = TEXT_END;
      else {
        regex = TAG_END;
        rawTextEnd = undefined;
      }
    }
    places.push(
      regex === TEXT_END ? 'child'
      : regex === COMMENT_END || regex === COMMENT2_END ? 'comment'
      : attributeEnd === -2 ? 'element'
      : regex === rawTextEnd && attributeEnd === -1 ? 'raw text'
      : 'attribute',
    );
  }
  return places;
}

/** Lit's async directives (until, ref, …), which need the connection tracking the app's Lit no longer has. */
const LIT_ASYNC_DIRECTIVE = /\/node_modules\/(?:lit|lit-html)\/(?:development\/)?async-directive\.js$/;

/** Lit's decorators, which the app's Lit could not serve. */
const LIT_DECORATORS = /\/node_modules\/(?:lit|@lit\/reactive-element)\/(?:development\/)?decorators[/.]/;

/** `code` of the Lit file `id` without its page hooks (unchanged for any other file). */
export function dropLitPageHooks(code, id) {
  const hooks = HOOKS.find((entry) => entry.file.test(id));
  if (!hooks) return code;
  let out = code;
  for (const [pattern, replacement, times = 1] of hooks.patterns) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== times) throw new Error(`${id}: ${pattern} found ${found} times, not ${times === 1 ? 'once' : `${times} times`} (scripts/drop-lit-page-hooks.mjs: check this Lit version)`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/** @returns {import('vite').Plugin} */
export function dropLitPageHooksPlugin() {
  const seen = new Set();
  return {
    name: 'drop-lit-page-hooks',
    apply: 'build',
    transform(code, id) {
      if (LIT_DECORATORS.test(id)) throw new Error(`${id}: the script-tag app's Lit reads no decorator metadata (scripts/drop-lit-page-hooks.mjs); declare properties in static properties`);
      if (LIT_ASYNC_DIRECTIVE.test(id)) throw new Error(`${id}: the script-tag app's Lit does not tell directives whether they are connected (scripts/drop-lit-page-hooks.mjs); use a directive that is not async`);
      if (!id.includes('/node_modules/') && /\baddInitializer\b/.test(code)) throw new Error(`${id}: the script-tag app's Lit has no class initializers (scripts/drop-lit-page-hooks.mjs)`);
      if (!id.includes('/node_modules/') && /\buseDefault\b/.test(code)) throw new Error(`${id}: the script-tag app's Lit has no useDefault option (scripts/drop-lit-page-hooks.mjs)`);
      const unused = /\b(?:converter|noAccessor|hasChanged|creationScope|hostUpdate|firstUpdated|scheduleUpdate|getUpdateComplete|shouldUpdate|enableUpdating|_\$litType\$)(?![\w$])/.exec(id.includes('/node_modules/') ? '' : code);
      if (unused) throw new Error(`${id}: the script-tag app's Lit has no ${unused[0]} (scripts/drop-lit-page-hooks.mjs)`);
      if (!id.includes('/node_modules/')) {
        for (const strings of htmlTemplateStrings(code)) {
          const place = bindingPlaces(strings).find((kind) => kind !== 'child' && kind !== 'attribute');
          if (place) throw new Error(`${id}: the script-tag app's Lit has no bindings in ${place} place (scripts/drop-lit-page-hooks.mjs): ${strings.join('${…}')}`);
        }
      }
      if (!id.includes('/node_modules/') && /\{[^{}]*\b(?:reflect:\s*(?:true|!0)[^{}]*\btype:\s*(?:Array|Object)|type:\s*(?:Array|Object)[^{}]*\breflect:\s*(?:true|!0))\b/.test(code)) {
        throw new Error(`${id}: the script-tag app's Lit reflects no Array or Object property to its attribute (scripts/drop-lit-page-hooks.mjs)`);
      }
      const placeRead = /\bfrom\s*['"]lit\/directive\.js['"]/.test(code) && !id.includes('/node_modules/') && /\.(?:parentNode|startNode|endNode|tagName|type)\b|\bPartType\b/.exec(code);
      const litDirective = !id.includes('/node_modules/') && /\bfrom\s*['"]lit\/directives\/(?!if-defined\.js['"])[\w-]+\.js['"]/.exec(code);
      if (litDirective) throw new Error(`${id}: the script-tag app's Lit does not tell directives the type of their part, which Lit's own directives check (scripts/drop-lit-page-hooks.mjs): ${litDirective[0]}`);
      if (placeRead) throw new Error(`${id}: the script-tag app's Lit does not tell directives ${placeRead[0]} (scripts/drop-lit-page-hooks.mjs)`);
      const hooks = HOOKS.find((entry) => entry.file.test(id));
      if (!hooks) return null;
      seen.add(hooks);
      return { code: dropLitPageHooks(code, id), map: null };
    },
    buildEnd(error) {
      // A Lit that moved its code to other files would otherwise keep its hooks without a word.
      if (!error && seen.size !== HOOKS.length) throw new Error('drop-lit-page-hooks: not every Lit file was seen; check this Lit version');
    },
  };
}
