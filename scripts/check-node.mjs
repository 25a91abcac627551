// Every npm script runs under node_modules/.bin/node (the npm `node` package, Node 24).
// If that package's install script did not run, npm silently falls back to the system Node:
// fail loudly instead of letting Astro 7 crash with a confusing message.
const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(
    `Mallfront needs Node >= 22.12 (it pins Node 24 through the npm "node" package), but this is Node ${process.versions.node}.\n` +
      'Run "npm install" (without --ignore-scripts) so node_modules/.bin/node exists, and run commands through "npm run" / "npx".',
  );
  process.exit(1);
}
