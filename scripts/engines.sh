#!/usr/bin/env bash
# Starts (or stops) the real engines on a plain Linux machine without Docker, for CI and developers:
#   NATS      nats-server from Debian's packages, with JetStream
#   Kafka     Apache Kafka in KRaft mode from its jars on Maven Central (Java 17), one combined node
#   MongoDB   FerretDB 1.24 (MongoDB wire protocol on SQLite files), our tools/ferretdb program embedding its
#             Go package, built with `go build` when missing or older than its sources (Go's cache keeps it
#             quick); the same adapters run on a real MongoDB replica set in production (docs/adr/0006-real-engines.md)
#
#   scripts/engines.sh start DIR   starts them, writes DIR/env (export NATS_URL=..., KAFKA_BROKERS=..., MONGO_URL=...)
#   scripts/engines.sh stop DIR    stops them
#   scripts/engines.sh restart-kafka DIR   stops the broker and starts it again on its storage (failure tests)
#   scripts/engines.sh restart-mongo DIR   the same for FerretDB (failure tests)
set -euo pipefail

cmd=${1:?start|stop}
dir=$(realpath -m "${2:?directory for data, logs and env}")
cache=${PMBOK_ENGINES_CACHE:-$HOME/.cache/pmbok-engines}
kafka_version=3.9.1
nats_port=${NATS_PORT:-4222}
kafka_port=${KAFKA_PORT:-9092}
mongo_port=${MONGO_PORT:-27017}
ferretdb_src=$(cd "$(dirname "$0")/../tools/ferretdb" && pwd)
ferretdb_bin=$ferretdb_src/bin/ferretdb
log() { printf '[engines] %s\n' "$*" >&2; }

wait_port() { # port seconds
  for _ in $(seq 1 $(($2 * 5))); do
    (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}

start_nats() {
  if ! command -v nats-server >/dev/null; then
    log "installing nats-server from Debian"
    apt-get install -y -qq nats-server >/dev/null || { apt-get update -qq && apt-get install -y -qq nats-server >/dev/null; }
  fi
  mkdir -p "$dir/nats"
  nats-server -a 127.0.0.1 -p "$nats_port" -js -sd "$dir/nats" >"$dir/nats.log" 2>&1 &
  echo $! >"$dir/nats.pid"
  wait_port "$nats_port" 20 || { log "nats-server did not start"; cat "$dir/nats.log"; return 1; }
  echo "export NATS_URL=nats://127.0.0.1:$nats_port" >>"$dir/env"
  log "NATS on :$nats_port"
}

kafka_classpath() {
  local libs=$cache/kafka-$kafka_version
  if [ ! -f "$libs/.complete" ]; then
    log "fetching Kafka $kafka_version jars from Maven Central"
    mkdir -p "$libs"
    cat >"$libs/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>pmbok</groupId><artifactId>kafka-runtime</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$kafka_version</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
  </dependencies>
</project>
POM
    mvn -q -B -f "$libs/pom.xml" dependency:copy-dependencies -DoutputDirectory="$libs/jars" >"$libs/mvn.log" 2>&1
    touch "$libs/.complete"
  fi
  echo "$libs/jars/*"
}

start_kafka() {
  local cp
  cp=$(kafka_classpath)
  mkdir -p "$dir/kafka"
  cat >"$dir/kafka/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$((kafka_port + 1))
listeners=PLAINTEXT://127.0.0.1:$kafka_port,CONTROLLER://127.0.0.1:$((kafka_port + 1))
advertised.listeners=PLAINTEXT://127.0.0.1:$kafka_port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$dir/kafka/data
num.partitions=3
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
PROPS
  printf 'log4j.rootLogger=WARN, stdout\nlog4j.appender.stdout=org.apache.log4j.ConsoleAppender\nlog4j.appender.stdout.layout=org.apache.log4j.PatternLayout\nlog4j.appender.stdout.layout.ConversionPattern=[%%d] %%p %%m (%%c)%%n\n' >"$dir/kafka/log4j.properties"
  local java=(java -Xms256m -Xmx512m -Dlog4j.configuration="file:$dir/kafka/log4j.properties" -cp "$cp")
  # Storage is formatted once; starting again on the same directory keeps its data.
  if [ ! -f "$dir/kafka/data/meta.properties" ]; then
    "${java[@]}" kafka.tools.StorageTool format -t "$(cat /proc/sys/kernel/random/uuid | tr -d - | head -c 22)" \
      -c "$dir/kafka/server.properties" >"$dir/kafka-format.log" 2>&1
  fi
  run_kafka
  echo "export KAFKA_BROKERS=127.0.0.1:$kafka_port" >>"$dir/env"
  log "Kafka on :$kafka_port"
}

run_kafka() { # the broker on its existing storage
  local java=(java -Xms256m -Xmx512m -Dlog4j.configuration="file:$dir/kafka/log4j.properties" -cp "$(kafka_classpath)")
  "${java[@]}" kafka.Kafka "$dir/kafka/server.properties" >>"$dir/kafka.log" 2>&1 &
  echo $! >"$dir/kafka.pid"
  wait_port "$kafka_port" 90 || { log "Kafka did not start"; tail -40 "$dir/kafka.log"; return 1; }
}

build_ferretdb() { # only when the binary is missing or older than its sources
  local newer
  newer=$(find "$ferretdb_src" -maxdepth 1 \( -name '*.go' -o -name 'go.mod' -o -name 'go.sum' \) -newer "$ferretdb_bin" 2>/dev/null | head -n 1)
  if [ -x "$ferretdb_bin" ] && [ -z "$newer" ]; then return 0; fi
  local go=go
  command -v go >/dev/null || go=/usr/local/go/bin/go
  log "building tools/ferretdb (go build; minutes on a cold Go cache)"
  "$go" build -C "$ferretdb_src" -o bin/ferretdb . >"$dir/ferretdb-build.log" 2>&1 || {
    log "building tools/ferretdb failed"; tail -30 "$dir/ferretdb-build.log"; return 1; }
}

start_mongo() {
  build_ferretdb
  mkdir -p "$dir/mongo"
  run_mongo
  echo "export MONGO_URL=mongodb://127.0.0.1:$mongo_port/" >>"$dir/env"
  log "MongoDB (FerretDB on SQLite) on :$mongo_port"
}

run_mongo() { # FerretDB on its existing SQLite files
  local pid started
  started=$(grep -c 'listening on' "$dir/mongo.log" 2>/dev/null || true)
  "$ferretdb_bin" -listen "127.0.0.1:$mongo_port" -dir "$dir/mongo" >>"$dir/mongo.log" 2>&1 &
  pid=$!
  echo "$pid" >"$dir/mongo.pid"
  # It says so once it holds the port; a port some other process holds makes it exit instead.
  for _ in $(seq 1 150); do
    kill -0 "$pid" 2>/dev/null || break
    [ "$(grep -c 'listening on' "$dir/mongo.log")" -gt "${started:-0}" ] && return 0
    sleep 0.2
  done
  log "FerretDB did not start"
  tail -40 "$dir/mongo.log"
  return 1
}

stop_pid() { # name: SIGTERM, then wait until the process is gone
  local pid
  [ -f "$dir/$1.pid" ] || return 0
  pid=$(cat "$dir/$1.pid")
  kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}

case $cmd in
  start)
    mkdir -p "$dir"
    : >"$dir/env"
    start_nats
    start_kafka
    start_mongo
    echo "export PMBOK_ENGINES_DIR=$dir" >>"$dir/env"
    ;;
  restart-kafka) # for the failure tests: the broker goes away and comes back on the same storage
    stop_pid kafka
    run_kafka
    log "Kafka restarted"
    ;;
  restart-mongo) # for the failure tests: FerretDB goes away and comes back on the same files
    stop_pid mongo
    run_mongo
    log "FerretDB restarted"
    ;;
  stop)
    stop_pid mongo
    stop_pid kafka
    stop_pid nats
    ;;
  *) echo "usage: $0 start|stop|restart-kafka|restart-mongo DIR" >&2; exit 2 ;;
esac
