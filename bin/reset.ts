/** `npm run reset`: wipe the local data (tables, users, uploads, chat). The next npm start seeds again. */
import { rmSync } from 'node:fs';
import path from 'node:path';

rmSync(path.resolve('.local'), { recursive: true, force: true });
console.log('Local data wiped (.local/). The next npm start creates and seeds everything again.');
