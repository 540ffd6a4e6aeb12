import { PROFILES, parsePort, type ProfileName } from './profiles';

const USAGE = 'usage: node tools/stack/dist/main.js [--profile dev|test|bench|cluster] [--control-port N]';

export function parseArgs(argv: string[]): { profile: ProfileName; controlPort: number | null } {
  let profile: ProfileName = 'dev';
  let controlPort: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--profile') {
      const p = value();
      if (!PROFILES.includes(p as ProfileName)) throw new Error(`unknown profile "${p}"\n${USAGE}`);
      profile = p as ProfileName;
    } else if (flag === '--control-port') {
      controlPort = parsePort('--control-port', value());
    } else if (flag === '--help' || flag === '-h') {
      throw new Error(USAGE);
    } else {
      throw new Error(`unknown argument "${argv[i]}"\n${USAGE}`);
    }
  }
  return { profile, controlPort };
}
