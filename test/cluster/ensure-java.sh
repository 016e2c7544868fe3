#!/usr/bin/env bash
# Installs what the live OpenSearch cluster of the tests needs, when it is missing: Java 17 and Maven 3.8
# (Debian's packages), then builds the launcher once so the Maven download happens here rather than inside a test.
# Safe to run again: it does nothing when both are present and the launcher is built.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v java >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless maven >/dev/null
fi
(cd "$here" && mvn -q -B package -DskipTests)
echo "test/cluster: $(java -version 2>&1 | head -1); launcher built in test/cluster/target"
