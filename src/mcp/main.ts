#!/usr/bin/env node
// `npm run mcp` and `scorm-tester mcp`: serve MCP over stdio.
import { runMcpServer } from './run-server.js';

await runMcpServer();
