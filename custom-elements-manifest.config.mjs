export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.stories.ts', 'src/react.ts'],
  outdir: '.',
  litelement: true,
};
