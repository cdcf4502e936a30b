import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // src/**/generated/: ajv's standalone code, written by scripts/build-schema-checks.ts.
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'src/**/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    // The inspector page runs in the browser: its own project, with the DOM's types.
    files: ['src/inspector/page/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: './src/inspector/page/tsconfig.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
);
