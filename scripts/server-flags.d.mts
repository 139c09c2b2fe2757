/** Types of scripts/server-flags.mjs (plain JavaScript: `node scripts/start.mjs` runs without tsx). */
export declare const SERVER_NODE_FLAGS: string[];
export declare function serverEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
