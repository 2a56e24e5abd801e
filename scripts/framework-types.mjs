// Writes the framework typings of both elements from custom-elements.json (run by `npm run build` after the
// analyzer), so they can never drift from the elements:
// - dist/types/jsx.d.ts (`chatbot-widget/jsx`): the attributes of each tag, to merge into a JSX runtime's
//   intrinsic elements or Svelte's elements;
// - dist/types/vue.d.ts (`chatbot-widget/vue`): both tags as Vue global components (the pattern of Vue's own
//   guide to typing custom elements), so vue-tsc checks attributes, property bindings and event handlers.
// Attribute and property types are not copied as text: each is `Element['property']`, read from the element's
// own declaration, so a union such as `WidgetMode` stays exact.
//   node scripts/framework-types.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const outDir = 'dist/types';
const HEADER = '// Generated from custom-elements.json by scripts/framework-types.mjs: do not edit.\n';

const quote = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const doc = (text, indent = '  ') => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ')} */\n` : '');

// The declaration file of the package entry a manifest module names (its `exports` target), relative to outDir.
function typesModuleOf(modulePath) {
  const entry = Object.values(pkg.exports).find(
    (value) => typeof value === 'object' && posix.normalize(value.import ?? '') === posix.normalize(modulePath),
  );
  if (!entry?.types) throw new Error(`framework types: no package entry imports ${modulePath}`);
  const relative = posix.relative(outDir, posix.normalize(entry.types)).replace(/\.d\.ts$/, '.js');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const elements = manifest.modules.flatMap((module) =>
  (module.declarations ?? [])
    .filter((declaration) => declaration.customElement && declaration.tagName)
    .map((declaration) => ({ module: typesModuleOf(module.path), declaration })),
);
if (elements.length === 0) throw new Error('framework types: custom-elements.json declares no element');

const imports = elements
  .map(({ module, declaration }) => {
    const names = [declaration.name, ...(declaration.events?.length ? [eventMapOf(declaration)] : [])];
    return `import type { ${names.join(', ')} } from '${module}';\n`;
  })
  .join('');

// The event map each element module exports by convention: `<Class>EventMap` (ChatbotWidget → ChatbotWidgetEventMap).
function eventMapOf(declaration) {
  return `${declaration.name}EventMap`;
}

// --- JSX ---
const attributeInterfaces = elements.map(({ declaration }) => {
  const attributes = (declaration.attributes ?? [])
    .filter((attribute) => attribute.fieldName)
    .map(
      (attribute) =>
        `${doc(attribute.description)}  ${quote(attribute.name)}?: AttributeValue<${declaration.name}['${attribute.fieldName}']>;\n`,
    )
    .join('');
  return `/** The attributes of \`<${declaration.tagName}>\`, with the values the element accepts. */\nexport interface ${declaration.name}Attributes {\n${attributes}}\n`;
});
const jsx = `${HEADER}// The attributes of both elements for JSX and template type-checkers (React 19 without the wrappers, Preact,
// Solid, Svelte): merge \`ChatbotElementsAttributes\` into the framework's intrinsic elements
// (docs/react-vue-svelte.md shows each). Types only: nothing here exists at run time.
${imports}
/** What an attribute accepts: a boolean attribute true or false, any other the property's value. */
type AttributeValue<T> = T extends boolean ? boolean : NonNullable<T>;

${attributeInterfaces.join('\n')}
/** Both elements by tag name, to merge into a framework's intrinsic elements. */
export interface ChatbotElementsAttributes {
${elements.map(({ declaration }) => `  /** \`<${declaration.tagName}>\`. */\n  '${declaration.tagName}': ${declaration.name}Attributes;\n`).join('')}}
`;

// --- Vue ---
const vueComponents = elements
  .map(({ declaration }) => {
    const properties = [
      ...new Set([
        ...(declaration.attributes ?? []).map((attribute) => attribute.fieldName).filter(Boolean),
        ...(declaration.members ?? [])
          .filter((member) => member.kind === 'field' && !member.readonly && !(member.description ?? '').startsWith('Read-only'))
          .map((member) => member.name),
      ]),
    ];
    const events = declaration.events?.length ? eventMapOf(declaration) : '{}';
    return `${doc(`\`<${declaration.tagName}>\`: its properties (as attributes or \`.prop\` bindings) and \`@\` listeners of its events.`, '    ')}    '${declaration.tagName}': DefineCustomElement<${declaration.name}, ${events}, ${properties.map((name) => `'${name}'`).join(' | ')}>;\n`;
  })
  .join('');
const vue = `${HEADER}// Both elements as Vue global components, after Vue's guide to typing custom elements: importing this module
// (\`import type {} from 'chatbot-widget/vue'\`, or \`"types": ["chatbot-widget/vue"]\` in tsconfig) lets vue-tsc
// check their attributes, property bindings and event handlers. With \`vueCompilerOptions.strictTemplates\` it
// also refuses attributes the elements do not have. Types only: nothing here exists at run time.
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
${imports}
type EventMap = { [event: string]: Event };

/** A listener prop per event: \`chatbot-answer-complete\` → \`onChatbotAnswerComplete\`. */
type EventListeners<Events extends EventMap> = {
  [Name in keyof Events & string as \`on\${PascalCase<Name>}\`]?: (event: Events[Name]) => void;
};
type PascalCase<Name extends string> = Name extends \`\${infer Head}-\${infer Tail}\` ? \`\${Capitalize<Head>}\${PascalCase<Tail>}\` : Capitalize<Name>;

/** A custom element as Vue's template type-checker sees a component. */
type DefineCustomElement<Element extends HTMLElement, Events extends EventMap, Properties extends keyof Element> = new () => Element & {
  /** @deprecated For template type-checking only: not a property of the element. */
  $props: HTMLAttributes & PublicProps & Partial<Pick<Element, Properties>> & EventListeners<Events>;
  /** @deprecated For template type-checking only: not a property of the element. */
  $emit: EmitFn<{ [Name in keyof Events]: (event: Events[Name]) => void }>;
};

declare module 'vue' {
  interface GlobalComponents {
${vueComponents}  }
}
`;

mkdirSync(outDir, { recursive: true });
writeFileSync(posix.join(outDir, 'jsx.d.ts'), jsx);
writeFileSync(posix.join(outDir, 'vue.d.ts'), vue);
console.log(`framework types: ${outDir}/jsx.d.ts and ${outDir}/vue.d.ts for ${elements.map(({ declaration }) => `<${declaration.tagName}>`).join(', ')}`);
