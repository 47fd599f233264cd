// Lets dependency-cruiser (the import rules of `npm run lint`, .dependency-cruiser.cjs) parse TypeScript.
// It reads .ts and .tsx through the compiler's JavaScript API, which TypeScript 7 (the project's
// type-checker, native) no longer ships; it gets TypeScript 6 (the `typescript6` alias) instead.
// Loaded with `node --import`; only dependency-cruiser's requests are redirected.
import Module, { register } from 'node:module';

const fromDependencyCruiser = (location) =>
  typeof location === 'string' && location.includes('/dependency-cruiser/');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const redirected =
    /^typescript(\/|$)/.test(request) && fromDependencyCruiser(parent?.filename)
      ? request.replace(/^typescript/, 'typescript6')
      : request;
  return resolveFilename.call(this, redirected, parent, ...rest);
};

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      const redirected = /^typescript(\\/|$)/.test(specifier) && (context.parentURL ?? '').includes('/dependency-cruiser/');
      return next(redirected ? specifier.replace(/^typescript/, 'typescript6') : specifier, context);
    }`)}`,
);
