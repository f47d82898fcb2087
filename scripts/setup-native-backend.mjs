#!/usr/bin/env node
// Makes tfjs-node's native TensorFlow backend loadable, or says in one line why it cannot (wasm is used then).
//
//   pnpm setup:native
//
// 1. Finds @tensorflow/tfjs-node (an optional dependency of @rlver/model). If its binding loads: done.
// 2. Runs tfjs-node's own install (downloads libtensorflow + a prebuilt binding from storage.googleapis.com),
//    only when that host resolves and with a timeout, since CI and air-gapped machines have no route to it.
// 3. Otherwise builds the binding with node-gyp against the TensorFlow C library inside the tensorflow-cpu
//    pip wheel (libtensorflow_cc.so.2, libtensorflow_framework.so.2 and the C API headers), with the headers
//    that ship with Node (`--nodedir`, no download). The extracted library is cached under
//    $RLVER_NATIVE_CACHE (default ~/.cache/rlver/tensorflow-cpu-<version>) with the compiled binding, so a
//    second run (or a fresh clone on the same machine) takes seconds instead of a minute.
//
// Every failure exits 0 after one clear line: the wasm backend keeps working without any of this.
// Environment: RLVER_TENSORFLOW_WHEEL (use this wheel file instead of `pip download`),
// RLVER_TENSORFLOW_VERSION (default 2.21.0), RLVER_NATIVE_CACHE, RLVER_TFJS_INSTALL_TIMEOUT_S (default 90).
import { spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tensorflowVersion = process.env.RLVER_TENSORFLOW_VERSION ?? '2.21.0';
const cacheDirectory =
  process.env.RLVER_NATIVE_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'rlver', `tensorflow-cpu-${tensorflowVersion}`);
const installTimeoutSeconds = Number(process.env.RLVER_TFJS_INSTALL_TIMEOUT_S ?? 90);
const libraryFiles = ['libtensorflow_cc.so.2', 'libtensorflow_framework.so.2'];
const startedAt = Date.now();

function log(message) {
  console.log(`[setup:native] ${message}`);
}

/** Print why the native backend is not available and leave with success: wasm remains the backend. */
function giveUp(reason) {
  log(`native backend not set up: ${reason}. The wasm backend will be used.`);
  process.exit(0);
}

function elapsed() {
  return `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
}

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
}

function hasCommand(command) {
  return run('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Where tfjs-node and its binding live, resolved the way tfjs-node itself resolves them. */
function locateTfjsNode() {
  const policyRequire = createRequire(join(rootDirectory, 'packages/model/package.json'));
  let packageJsonPath;
  try {
    packageJsonPath = policyRequire.resolve('@tensorflow/tfjs-node/package.json');
  } catch {
    return undefined;
  }
  const packageDirectory = dirname(packageJsonPath);
  const preGyp = createRequire(packageJsonPath)('@mapbox/node-pre-gyp');
  const bindingPath = preGyp.find(packageJsonPath);
  const napiVersion = /napi-v(\d+)/.exec(bindingPath)?.[1] ?? '8';
  return { packageDirectory, bindingPath, napiVersion };
}

/** Load tfjs-node in a child process and run one op; returns the error text, or undefined when it works. */
function nativeLoadError(packageDirectory) {
  const probe = `const tf = require(${JSON.stringify(packageDirectory)});
    const value = tf.tidy(() => tf.square(tf.tensor1d([3])).dataSync()[0]);
    if (tf.getBackend() !== 'tensorflow' || value !== 9) throw new Error('backend ' + tf.getBackend() + ', 3^2 = ' + value);`;
  const result = run(process.execPath, ['-e', probe], {
    timeout: 120_000,
    env: { ...process.env, TF_CPP_MIN_LOG_LEVEL: '2' },
  });
  if (result.status === 0) return undefined;
  const lines = `${result.stderr}`.split('\n').filter((line) => /error/i.test(line));
  return lines[0]?.trim() ?? `exit status ${result.status}`;
}

async function resolves(host) {
  try {
    await lookup(host);
    return true;
  } catch {
    return false;
  }
}

/** tfjs-node's own install script: downloads libtensorflow and a prebuilt binding. */
async function tryOwnInstall(packageDirectory) {
  if (existsSync(join(packageDirectory, 'deps/lib/libtensorflow.so'))) {
    // Its install would rebuild in place and rewrite its package.json (a hard link into pnpm's store).
    log('step 2/4: skipping tfjs-node install (a libtensorflow is already staged in deps/lib)');
    return;
  }
  if (!(await resolves('storage.googleapis.com'))) {
    log('step 2/4: skipping tfjs-node install: storage.googleapis.com does not resolve (offline)');
    return;
  }
  log(`step 2/4: running tfjs-node's own install (timeout ${installTimeoutSeconds} s)`);
  const result = run(process.execPath, ['scripts/install.js'], {
    cwd: packageDirectory,
    timeout: installTimeoutSeconds * 1000,
  });
  log(`  tfjs-node install ${result.status === 0 ? 'finished' : `failed (status ${result.status ?? 'timeout'})`}`);
}

/** Python snippet that extracts the C library and C API headers from a wheel into `cacheDirectory`. */
const extractScript = `
import sys, zipfile, shutil, os
wheel, target = sys.argv[1], sys.argv[2]
keep = ('tensorflow/include/tensorflow/c/', 'tensorflow/include/tensorflow/core/platform/ctstring',
        'tensorflow/include/tsl/platform/ctstring', 'tensorflow/include/xla/tsl/c/')
libraries = ('tensorflow/libtensorflow_cc.so.2', 'tensorflow/libtensorflow_framework.so.2')
with zipfile.ZipFile(wheel) as archive:
    for name in archive.namelist():
        if name.endswith('/'):
            continue
        if name.startswith(keep):
            destination = os.path.join(target, 'include', name[len('tensorflow/include/'):])
        elif name in libraries:
            destination = os.path.join(target, 'lib', os.path.basename(name))
        else:
            continue
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with archive.open(name) as source, open(destination, 'wb') as sink:
            shutil.copyfileobj(source, sink, 16 << 20)
`;

/** The wheel's C library, extracted once into the cache. */
function ensureLibtensorflow() {
  const marker = join(cacheDirectory, '.complete');
  if (existsSync(marker)) {
    log(`step 3/4: using cached TensorFlow C library in ${cacheDirectory}`);
    return;
  }
  rmSync(cacheDirectory, { recursive: true, force: true });
  mkdirSync(cacheDirectory, { recursive: true });
  let wheel = process.env.RLVER_TENSORFLOW_WHEEL;
  const downloadDirectory = join(cacheDirectory, 'wheel');
  if (!wheel) {
    log(`step 3/4: pip download --no-deps tensorflow-cpu==${tensorflowVersion} (about 270 MB)`);
    const download = run(
      'python3',
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--quiet',
        `tensorflow-cpu==${tensorflowVersion}`,
        '-d',
        downloadDirectory,
      ],
      { timeout: 900_000, stdio: ['ignore', 'inherit', 'pipe'] },
    );
    const found = existsSync(downloadDirectory)
      ? readdirSync(downloadDirectory).find((name) => name.endsWith('.whl'))
      : undefined;
    if (download.status !== 0 || !found) {
      const reason = `${download.stderr ?? ''}`.trim().split('\n').pop();
      giveUp(
        `pip could not download tensorflow-cpu==${tensorflowVersion} (${reason || 'no wheel'}); set RLVER_TENSORFLOW_WHEEL to a local wheel`,
      );
    }
    wheel = join(downloadDirectory, found);
  } else if (!existsSync(wheel)) {
    giveUp(`RLVER_TENSORFLOW_WHEEL=${wheel} does not exist`);
  }
  log(`  extracting the C library and headers from ${wheel}`);
  const extract = run('python3', ['-c', extractScript, wheel, cacheDirectory], { timeout: 900_000 });
  rmSync(downloadDirectory, { recursive: true, force: true });
  const missing = libraryFiles.filter((name) => !existsSync(join(cacheDirectory, 'lib', name)));
  if (extract.status !== 0 || missing.length > 0 || !existsSync(join(cacheDirectory, 'include/tensorflow/c/c_api.h'))) {
    giveUp(
      `the wheel lacks ${missing.join(', ') || 'tensorflow/c/c_api.h'} (${`${extract.stderr}`.trim() || 'no error'})`,
    );
  }
  writeFileSync(marker, `tensorflow-cpu ${tensorflowVersion}\n`);
  log(`  extracted in ${elapsed()}`);
}

/** Point tfjs-node's deps/ at the cached library, the layout its binding.gyp and rpath expect. */
function stageDeps(packageDirectory) {
  const depsDirectory = join(packageDirectory, 'deps');
  rmSync(depsDirectory, { recursive: true, force: true });
  mkdirSync(join(depsDirectory, 'lib'), { recursive: true });
  symlinkSync(join(cacheDirectory, 'include'), join(depsDirectory, 'include'));
  for (const name of libraryFiles) symlinkSync(join(cacheDirectory, 'lib', name), join(depsDirectory, 'lib', name));
  symlinkSync('libtensorflow_cc.so.2', join(depsDirectory, 'lib/libtensorflow.so'));
  symlinkSync('libtensorflow_framework.so.2', join(depsDirectory, 'lib/libtensorflow_framework.so'));
}

function buildBinding({ packageDirectory, bindingPath, napiVersion }, nodeGyp, nodeDirectory) {
  log('step 4/4: compiling tfjs_binding.node with node-gyp (about a minute)');
  const build = run(
    process.execPath,
    [
      nodeGyp,
      'rebuild',
      `--nodedir=${nodeDirectory}`,
      '--module_name=tfjs_binding',
      `--module_path=${dirname(bindingPath)}`,
      `--napi_build_version=${napiVersion}`,
      '--jobs=2',
    ],
    { cwd: packageDirectory, timeout: 900_000 },
  );
  if (build.status !== 0) {
    const tail = `${build.stdout}\n${build.stderr}`.trim().split('\n').slice(-15).join('\n');
    console.log(tail);
    giveUp(`node-gyp failed (status ${build.status ?? 'timeout'}); the lines above say why`);
  }
}

async function main() {
  log('step 1/4: looking for @tensorflow/tfjs-node');
  const tfjsNode = locateTfjsNode();
  if (!tfjsNode) giveUp('@tensorflow/tfjs-node is not installed (it is an optional dependency of @rlver/model)');
  const { packageDirectory, bindingPath } = tfjsNode;
  if (existsSync(bindingPath) && nativeLoadError(packageDirectory) === undefined) {
    log(`native backend ready: ${bindingPath} loads (${elapsed()})`);
    return;
  }
  log(`  binding ${existsSync(bindingPath) ? 'does not load' : 'is missing'}: ${bindingPath}`);

  await tryOwnInstall(packageDirectory);
  if (existsSync(bindingPath) && nativeLoadError(packageDirectory) === undefined) {
    log(`native backend ready via tfjs-node's install (${elapsed()})`);
    return;
  }

  if (process.platform !== 'linux' || process.arch !== 'x64') {
    giveUp(`the pip-wheel build supports linux-x64 only (this is ${process.platform}-${process.arch})`);
  }
  for (const command of ['python3', 'g++', 'make']) {
    if (!hasCommand(command)) giveUp(`${command} is not on PATH (needed to build the binding)`);
  }
  if (run('python3', ['-m', 'pip', '--version']).status !== 0) giveUp('python3 has no pip (python3 -m pip)');
  const nodeDirectory = dirname(dirname(process.execPath));
  if (!existsSync(join(nodeDirectory, 'include/node/node_api.h'))) {
    giveUp(`Node's headers are missing (${join(nodeDirectory, 'include/node/node_api.h')})`);
  }
  let nodeGyp;
  try {
    nodeGyp = createRequire(join(rootDirectory, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    giveUp('node-gyp is not installed (a root devDependency; run pnpm install)');
  }

  ensureLibtensorflow();
  stageDeps(packageDirectory);
  const tfjsNodeVersion = createRequire(import.meta.url)(join(packageDirectory, 'package.json')).version;
  const cachedBinding = join(
    cacheDirectory,
    'bindings',
    `tfjs-node-${tfjsNodeVersion}-napi-v${tfjsNode.napiVersion}.node`,
  );
  if (existsSync(cachedBinding)) {
    mkdirSync(dirname(bindingPath), { recursive: true });
    copyFileSync(cachedBinding, bindingPath);
    if (nativeLoadError(packageDirectory) === undefined) {
      log(`native backend ready: reused the binding cached in ${cachedBinding} (${elapsed()})`);
      return;
    }
    log('  the cached binding does not load; rebuilding');
  }
  buildBinding(tfjsNode, nodeGyp, nodeDirectory);
  const error = nativeLoadError(packageDirectory);
  if (error !== undefined) giveUp(`the built binding does not load: ${error}`);
  mkdirSync(dirname(cachedBinding), { recursive: true });
  copyFileSync(bindingPath, cachedBinding);
  log(`native backend ready: built ${bindingPath} against tensorflow-cpu ${tensorflowVersion} in ${elapsed()}`);
}

await main();
