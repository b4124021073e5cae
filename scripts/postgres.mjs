/**
 * A real PostgreSQL server for the tests and the bench: Debian's `postgresql` package (or PG_BIN's
 * binaries), initdb'd into a fresh temporary folder and started on a free loopback port. Like
 * scripts/chromium.mjs for the browser, it fails loudly with how to get the binaries: a
 * PostgreSQL test never skips silently.
 *
 * PostgreSQL refuses to run as root, and CI (.ci/run) runs as root: then initdb, pg_ctl and the
 * server run as the `postgres` user (created by Debian's package) through `runuser`, and the
 * temporary folder belongs to that user.
 *
 * A cluster never outlives the process that started it, as far as that can be arranged:
 * - stop() shuts it down and removes its folder (the normal path, e.g. a globalSetup's teardown);
 * - on process 'exit' (which Vitest also reaches on SIGINT/SIGTERM) every cluster still running
 *   gets an immediate shutdown and its folder is removed;
 * - a small detached shell watchdog per cluster does the same within a second after the starting
 *   process dies any other way (SIGKILL, a crash), since no exit handler runs then;
 * - and PostgreSQL itself shuts down within a minute once its data folder is gone (it checks its
 *   postmaster.pid).
 */
import { freePort } from './freePort.mjs';
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  accessSync,
  chownSync,
  constants,
  existsSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { appendFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

const INSTALL_HINT =
  'Install PostgreSQL (Debian/Ubuntu: `sudo apt-get install -y postgresql`; its binaries go to ' +
  '/usr/lib/postgresql/<version>/bin), or set PG_BIN to a folder holding initdb, pg_ctl and postgres, ' +
  'or set TEST_DATABASE_URL to a PostgreSQL server the tests may create and drop databases on.';

/** Debian's layout: one folder per major version. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

const hasInitdb = (dir) => {
  try {
    accessSync(join(dir, 'initdb'), constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `pg_config --bindir`, which on Debian may be the client-dev package's, without a server beside it. */
function pgConfigBinDir() {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The highest /usr/lib/postgresql/<version>/bin with an initdb. */
function debianBinDir() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  return readdirSync(DEBIAN_ROOT)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(DEBIAN_ROOT, version, 'bin'))
    .find(hasInitdb);
}

/** initdb on PATH; its real folder, so a symlinked initdb still finds pg_ctl and postgres. */
function pathBinDir() {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (hasInitdb(dir)) return dirname(realpathSync(join(dir, 'initdb')));
  }
  return undefined;
}

let cachedBinDir;

/**
 * The folder with initdb, pg_ctl and postgres: PG_BIN, then `pg_config --bindir`, then Debian's
 * highest version, then PATH. Throws with the install command when there is none.
 * @returns {string}
 */
export function postgresBinDir() {
  if (cachedBinDir) return cachedBinDir;
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!hasInitdb(fromEnv)) throw new Error(`PG_BIN=${fromEnv} holds no executable initdb. ${INSTALL_HINT}`);
    return (cachedBinDir = fromEnv);
  }
  const pgConfig = pgConfigBinDir();
  const found = (pgConfig && hasInitdb(pgConfig) ? pgConfig : undefined) ?? debianBinDir() ?? pathBinDir();
  if (!found)
    throw new Error(`No PostgreSQL server binaries (initdb, pg_ctl, postgres) found for the tests. ${INSTALL_HINT}`);
  return (cachedBinDir = found);
}

const asRoot = () => process.getuid?.() === 0;

/** The postgres user's uid and gid, when PostgreSQL has to run as that user. */
function postgresUser() {
  try {
    const id = (flag) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`Running as root, PostgreSQL must run as the 'postgres' user, and there is none. ${INSTALL_HINT}`);
  }
}

/** The environment without PG* variables, which would otherwise steer pg_ctl and the server. */
function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG')));
}

/** Runs one of PostgreSQL's programs, as the postgres user when we are root. Rejects with its output. */
function runPg(binDir, cwd, program, args) {
  const file = join(binDir, program);
  const [command, commandArgs] = asRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    // cwd: the postgres user may not be allowed into the caller's working directory.
    execFile(
      command,
      commandArgs,
      { cwd, env: cleanEnv(), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            Object.assign(
              new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`.trim()),
              { stdout, stderr },
            ),
          );
        else resolve(stdout);
      },
    );
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Blocks the thread (for the exit handler, where nothing asynchronous runs any more). */
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, we just may not signal it.
    return error?.code === 'EPERM';
  }
}

/**
 * Whether a process still runs. A killed postmaster is a zombie until init reaps it, which some
 * container inits do only every second or two; it no longer holds anything then.
 */
function running(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0] !== 'Z';
  } catch {
    // No such process, or no /proc (macOS).
    return existsSync('/proc') ? false : alive(pid);
  }
}

/** The postmaster's pid from its lock file, or undefined when it is not running. */
function postmasterPid(dataDir) {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Settings that suit tests: durability traded for speed (crash safety of the machine is not under test). */
const TEST_SETTINGS = {
  fsync: 'off',
  full_page_writes: 'off',
  // Kept on: a commit the server acknowledged survives a killed server (crash tests rely on it).
  synchronous_commit: 'on',
  // Test files run in parallel, each with its own pools.
  max_connections: 200,
  shared_buffers: '32MB',
  // Small containers often have a small /dev/shm; the tests' tables are far too small for parallel plans.
  max_parallel_workers_per_gather: 0,
};

const confLine = (key, value) => `${key} = '${String(value).replaceAll("'", "''")}'\n`;

/** Clean-ups of this process's clusters still running, for the exit handler. */
const live = new Set();
let exitHandlerInstalled = false;

function onExit() {
  for (const cleanupSync of live) cleanupSync();
}

/**
 * Keeps running after the starting process dies without its exit handler (SIGKILL, a crash): then
 * shuts the cluster down and removes its folder. Detached, so a Ctrl-C aimed at the test run does
 * not take it down before it has done so.
 */
function startWatchdog(root, dataDir) {
  const script = `
    while kill -0 "$1" 2>/dev/null; do sleep 1; done
    pid=$(head -n 1 "$3/postmaster.pid" 2>/dev/null)
    if [ -n "$pid" ]; then
      kill -QUIT "$pid" 2>/dev/null
      i=0; while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.2; i=$((i+1)); done
    fi
    rm -rf "$2"`;
  const child = spawn('sh', ['-c', script, 'prr-postgres-watchdog', String(process.pid), root, dataDir], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return child;
}

/**
 * initdb into a fresh temporary folder and start the server on a free loopback port; resolves once
 * it accepts connections. The API is described in scripts/postgres.d.mts.
 * @param {{ port?: number, settings?: Record<string, string | number | boolean> }} [options]
 */
export async function startTempCluster(options = {}) {
  const binDir = postgresBinDir();
  const root = await mkdtemp(join(tmpdir(), 'prr-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  if (asRoot()) {
    const { uid, gid } = postgresUser();
    chownSync(root, uid, gid);
  }
  const pg = (program, args) => runPg(binDir, root, program, args);

  const cluster = {
    url: '',
    port: options.port ?? 0,
    dataDir,
    /** Shut down (fast: connections are cut, nothing is lost) and remove the folder. Idempotent. */
    stop: async () => {
      if (stopped) return;
      stopped = true;
      live.delete(cleanupSync);
      await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']).catch(() => undefined);
      stopWatchdog();
      rmSync(root, { recursive: true, force: true });
    },
    /** SIGKILL the postmaster, as a crash would (its backends exit on their own); restart() brings it back. */
    kill: () => {
      const pid = postmasterPid(dataDir);
      if (!pid) return;
      process.kill(pid, 'SIGKILL');
      // Returns once it is dead, so a restart() right after sees a crashed server, not a running one.
      for (let waited = 0; running(pid) && waited < 5000; waited += 5) sleepSync(5);
    },
    /** Stop (fast) if running, then start again on the same port and data; also after kill(). */
    restart: async () => {
      const pid = postmasterPid(dataDir);
      if (pid && running(pid)) await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w']);
      // A killed postmaster leaves its lock files, which a zombie's pid would keep looking valid.
      else if (pid) {
        rmSync(join(dataDir, 'postmaster.pid'), { force: true });
        rmSync(join(root, `.s.PGSQL.${cluster.port}.lock`), { force: true });
      }
      await start();
    },
    /** Take the server away as an outage would (immediate shutdown); the data is kept for resume(). */
    pause: async () => {
      await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    },
    /** Start the paused server again, on the same port (it runs crash recovery first). */
    resume: () => start(),
  };
  let stopped = false;
  let watchdog;
  const stopWatchdog = () => {
    try {
      // The whole group: the shell and its sleep.
      if (watchdog?.pid) process.kill(-watchdog.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };

  /** For the exit handler: immediate shutdown, then the folder goes. */
  const cleanupSync = () => {
    const pid = postmasterPid(dataDir);
    if (pid) {
      try {
        process.kill(pid, 'SIGQUIT');
        for (let waited = 0; alive(pid) && waited < 3000; waited += 50) sleepSync(50);
      } catch {
        // Already gone.
      }
    }
    rmSync(root, { recursive: true, force: true });
    stopWatchdog();
  };

  /** Starts the server; retries while a killed predecessor's backends still hold its shared memory. */
  async function start() {
    const deadline = Date.now() + 15_000;
    for (;;) {
      // Only this attempt's part of the log counts.
      const logStart = existsSync(logFile) ? statSync(logFile).size : 0;
      try {
        await pg('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${cluster.port}`]);
        return;
      } catch (error) {
        const log = existsSync(logFile) ? readFileSync(logFile).subarray(logStart).toString('utf8').slice(-4000) : '';
        // "pre-existing shared memory block … is still in use": backends of a killed postmaster.
        if (Date.now() < deadline && /shared memory block .* is still in use/i.test(log)) {
          await sleep(200);
          continue;
        }
        throw new Error(`${error.message}\n--- ${logFile} ---\n${log}`);
      }
    }
  }

  try {
    await initdb(pg, dataDir);
    const settings = {
      ...TEST_SETTINGS,
      ...options.settings,
      listen_addresses: '127.0.0.1',
      unix_socket_directories: root,
    };
    await appendFile(
      join(dataDir, 'postgresql.conf'),
      `\n# scripts/postgres.mjs\n${Object.entries(settings)
        .map(([k, v]) => confLine(k, v))
        .join('')}`,
    );

    watchdog = startWatchdog(root, dataDir);
    live.add(cleanupSync);
    if (!exitHandlerInstalled) {
      process.on('exit', onExit);
      exitHandlerInstalled = true;
    }

    // Another process may take the free port before the server binds it: then try another one.
    for (let attempt = 1; ; attempt++) {
      if (!options.port) cluster.port = await freePort();
      try {
        await start();
        break;
      } catch (error) {
        if (options.port || attempt >= 5 || !/could not bind|Address already in use/i.test(error.message)) throw error;
      }
    }
    cluster.url = `postgres://postgres@127.0.0.1:${cluster.port}/postgres`;
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** initdb with C.UTF-8 (upper()/lower() beyond ASCII); plain C where this system lacks that locale. */
async function initdb(pg, dataDir) {
  const args = ['-D', dataDir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'];
  try {
    await pg('initdb', [...args, '--locale=C.UTF-8']);
  } catch (error) {
    if (!/locale/i.test(error.message)) throw error;
    rmSync(dataDir, { recursive: true, force: true });
    await pg('initdb', [...args, '--locale=C']);
  }
}
