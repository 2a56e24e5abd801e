// `npm run build`: the npm ESM build, the script-tag widget (loader + lazily loaded app), the type
// declarations, custom-elements.json and the framework types generated from it, then the size report (scripts/size.mjs).
import { spawnSync } from 'node:child_process';

function step(label, command, args) {
  console.log(`\n› ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build failed at: ${label}`);
    process.exit(result.status ?? 1);
  }
}

const vite = 'node_modules/vite/bin/vite.js';
step('npm ESM build', process.execPath, [vite, 'build', '--mode', 'lib', '--logLevel', 'warn']);
step('script-tag app', process.execPath, [vite, 'build', '--mode', 'app', '--logLevel', 'warn']);
step('script-tag loader', process.execPath, [vite, 'build', '--mode', 'loader', '--logLevel', 'warn']);
step('type declarations', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
step('custom-elements.json', process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet']);
step('framework types', process.execPath, ['scripts/framework-types.mjs']);
step('size budget', process.execPath, ['scripts/size.mjs']);
