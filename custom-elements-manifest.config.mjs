// custom-elements.json: the public API of the two elements and nothing else. The analyzer reads every source
// module; the plugin below keeps the two element classes, moved to the package files that define their tags,
// and of each only what a user may touch: public, non-static members, and the events its JSDoc documents
// (`@fires {EventClass} name - description`), not the ones the analyzer guesses from dispatchEvent calls.
// An element with `attributesByConvention` names the attribute of a public property that declares none with the
// property's name in kebab case (botId: bot-id), as the element itself does (in a static block); the
// analyzer would write the property's name.

/** Each element: where its class is written, and the package file (an `exports` target) that defines the tag. */
export const PUBLIC_ELEMENTS = [
  {
    tagName: 'chatbot-widget',
    className: 'ChatbotWidget',
    source: 'src/widget/chatbot-widget.component.ts',
    path: 'dist/chatbot-widget-element.js',
    attributesByConvention: true,
  },
  {
    tagName: 'bot-admin',
    className: 'BotAdmin',
    source: 'src/admin/bot-admin.component.ts',
    path: 'dist/bot-admin-element.js',
  },
];

const isPublicMember = (member) =>
  !member.static &&
  !member.name.startsWith('#') &&
  (member.privacy === undefined || member.privacy === 'public') &&
  !/@internal\b/.test(member.description ?? '');

const kebabCase = (name) => name.replace(/[A-Z]/g, '-$&').toLowerCase();

/** The attributes of `declaration` with the convention applied to those of its public `members`; the members' too. */
function attributesByConvention(declaration, members) {
  const implicit = new Set((declaration.attributes ?? []).filter((attribute) => attribute.name === attribute.fieldName).map((attribute) => attribute.name));
  const named = (name) => (members.some((member) => member.name === name) ? kebabCase(name) : name);
  return {
    attributes: (declaration.attributes ?? []).map((attribute) => (implicit.has(attribute.name) ? { ...attribute, name: named(attribute.name) } : attribute)),
    members: members.map((member) => (implicit.has(member.attribute) ? { ...member, attribute: named(member.attribute) } : member)),
  };
}

function publicApiOnly() {
  return {
    name: 'public-api-only',
    packageLinkPhase({ customElementsManifest: manifest }) {
      manifest.modules = PUBLIC_ELEMENTS.map((element) => {
        const source = manifest.modules.find((module) => module.path === element.source);
        const declaration = source?.declarations?.find((item) => item.name === element.className);
        if (!declaration?.customElement) throw new Error(`custom-elements.json: no element class ${element.className} in ${element.source}`);
        const documented = (declaration.events ?? []).filter((event) => event.description && event.name);
        const documentedTypes = new Set(documented.map((event) => event.type?.text));
        for (const guessed of (declaration.events ?? []).filter((event) => !documented.includes(event))) {
          if (guessed.type && !documentedTypes.has(guessed.type.text)) {
            throw new Error(`custom-elements.json: ${element.className} dispatches ${guessed.type.text}, which no @fires tag documents`);
          }
        }
        const reference = { name: element.className, module: element.path };
        const members = (declaration.members ?? []).filter(isPublicMember);
        return {
          kind: 'javascript-module',
          path: element.path,
          declarations: [
            {
              ...declaration,
              tagName: element.tagName,
              members,
              ...(element.attributesByConvention ? attributesByConvention(declaration, members) : {}),
              events: documented,
            },
          ],
          exports: [
            { kind: 'js', name: element.className, declaration: reference },
            { kind: 'custom-element-definition', name: element.tagName, declaration: reference },
          ],
        };
      });
    },
  };
}

export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.stories.ts', 'src/react.ts', 'src/react/**'],
  outdir: '.',
  litelement: true,
  plugins: [publicApiOnly()],
};
