// The unit tier's guard (jest.config.js): a unit-tier test that starts Chromium, ffmpeg/ffprobe, fontconfig's tools or
// a native-engine process fails here, naming the file, instead of landing silently in the tier that runs without
// what scripts/setup.sh installs.
// Such a test is named `*.browser.test.ts`. The guard wraps the child_process functions every launcher goes through
// (puppeteer, fluent-ffmpeg and the native engine pool look them up on the module at call time) for the length of one
// test file; other processes (git, id, the SDK generator) still start.
const childProcess = require('node:child_process');
const path = require('node:path');
const { promisify } = require('node:util');

/** Commands the unit tier may not run: browsers, ffmpeg and ffprobe, fontconfig's tools, the native engine's process. */
const FORBIDDEN = /(^|[\\/])(chrome|chromium[^\\/]*|chrome-headless-shell|headless_shell|ffmpeg|ffprobe|fc-list|fc-query|fc-match)(\.exe)?$|native-engine-process\.[jt]s$/;

const WRAPPED = ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork', 'exec', 'execSync'];

/**
 * Every refusal of this test file: reported again after its tests, so a test that catches the error still fails.
 * On globalThis for the guard's own test (test/src/docs/test-tiers.test.ts), which empties it after provoking one.
 */
const refused = [];
globalThis.unitTierGuardRefusals = refused;

/** The unit tier's verdict on a command, as the error a launcher would throw; null when it may run. */
function refusal(name, command) {
  if (typeof command !== 'string') return null;
  // exec and execSync take one shell line: its first word is the program
  const program = name.startsWith('exec') && !name.startsWith('execFile') ? command.trim().split(/\s+/)[0] : command;
  if (!FORBIDDEN.test(program)) return null;
  // named from the repository's root, wherever jest runs (`lerna run test:unit` runs it in each workspace)
  const file = path.relative(__dirname, expect.getState().testPath ?? '');
  return new Error(
    `unit tier: ${file} starts ${path.basename(program)}; a test that launches Chromium, ffmpeg, fontconfig or the ` +
      'native engine is named *.browser.test.ts (jest.config.js)',
  );
}

function check(name, command) {
  const error = refusal(name, command);
  if (!error) return;
  refused.push(error.message);
  throw error;
}

const originals = Object.fromEntries(WRAPPED.map((name) => [name, childProcess[name]]));
for (const name of WRAPPED) {
  const original = originals[name];
  const guarded = function guarded(command, ...rest) {
    check(name, command);
    return original.call(this, command, ...rest);
  };
  // promisify(execFile) and promisify(exec) resolve with { stdout, stderr } through their custom form: keep it, guarded
  const custom = original[promisify.custom];
  if (custom) {
    guarded[promisify.custom] = (command, ...rest) => {
      try {
        check(name, command);
      } catch (error) {
        return Promise.reject(error);
      }
      return custom(command, ...rest);
    };
  }
  childProcess[name] = guarded;
}

afterAll(() => {
  for (const name of WRAPPED) childProcess[name] = originals[name];
  if (refused.length > 0) throw new Error(refused.join('\n'));
});
