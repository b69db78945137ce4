// `node scripts/node.mjs ARGS`: `node ARGS` on the platform's Node.js (scripts/runtime.mjs), for
// the npm scripts that run one program.
import { runNode } from './runtime.mjs';

await runNode(process.argv.slice(2));
