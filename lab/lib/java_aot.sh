# shellcheck shell=bash
# Java 25's AOT cache (JEP 483, made in one step by JEP 514's -XX:AOTCacheOutput) for run-scenarios.sh's
# cold-start contender java25-aot, beside Java 17 with AppCDS. The lab never needs a JDK 25: where none is
# installed the contender is skipped with the reason these functions give. Sourced; tested by the scenarios
# module's ColdStartJava25PlanTest (planning) and Java25AotCacheIT (a real cache, where a JDK 25 exists).

# Where a JDK 25 is looked for when LAB_JDK25 (a JAVA_HOME) is not set: every JDK of the machine's usual place.
JDK_ROOT=${JDK_ROOT:-/usr/lib/jvm}
JAVA_AOT_MIN_FEATURE=25 # JEP 514 (one-step AOT cache) is in JDK 25
# Keep JDK 25's warnings about the JNR library's native access and sun.misc.Unsafe off stderr (Java 17 prints
# none). The cache is made with the same options: a cache made with other module options would not be used.
JAVA_AOT_QUIET=(--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow)

# java_feature JAVA: the feature release the JVM reports (17, 25, ...), or nothing when it does not run.
java_feature() {
    "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' |
        head -n 1 || true
}

# jdk25_find: prints the java of a JDK 25 or later and returns 0, or prints why there is none and returns 1.
# LAB_JDK25=JAVA_HOME names the one to use (and only it is tried); otherwise the newest under JDK_ROOT.
jdk25_find() {
    local homes=() home java feature best="" best_feature=0
    if [[ -n "${LAB_JDK25:-}" ]]; then
        java="$LAB_JDK25/bin/java"
        [[ -x "$java" ]] || { printf 'LAB_JDK25=%s has no bin/java\n' "$LAB_JDK25"; return 1; }
        feature=$(java_feature "$java")
        if [[ -z "$feature" ]] || ((feature < JAVA_AOT_MIN_FEATURE)); then
            printf 'LAB_JDK25=%s is Java %s, not %s or later (the AOT cache of JEP 483/514)\n' "$LAB_JDK25" \
                "${feature:-of no known version}" "$JAVA_AOT_MIN_FEATURE"
            return 1
        fi
        printf '%s\n' "$java"
        return 0
    fi
    for home in "$JDK_ROOT"/*/; do
        [[ -x "${home}bin/java" ]] && homes+=("${home%/}")
    done
    for home in "${homes[@]}"; do
        feature=$(java_feature "$home/bin/java")
        if [[ -n "$feature" ]] && ((feature >= JAVA_AOT_MIN_FEATURE && feature > best_feature)); then
            best="$home/bin/java" best_feature=$feature
        fi
    done
    if [[ -z "$best" ]]; then
        printf 'no JDK %s or later in %s (Java 25 AOT cache, JEP 483/514; LAB_JDK25=JAVA_HOME names one elsewhere)\n' \
            "$JAVA_AOT_MIN_FEATURE" "$JDK_ROOT"
        return 1
    fi
    printf '%s\n' "$best"
}

# java_aot_args CACHE: the JVM options of every run that uses CACHE, one per line (read them with mapfile).
# AOTMode=on: a cache the JVM cannot use is an error, so a run that is counted ok did use it.
java_aot_args() {
    printf '%s\n' "-XX:AOTCache=$1" -XX:AOTMode=on "${JAVA_AOT_QUIET[@]}"
}

# java_aot_create JAVA CACHE LOG ARGS...: one training run of JAVA ARGS (the program must reach its bus, as a
# measured run does) records what it loads and JDK 25 makes CACHE from it. Returns 0 when CACHE exists;
# otherwise 1, with the JVM's complaint in LOG.
java_aot_create() {
    local java=$1 cache=$2 log=$3
    shift 3
    rm -f -- "$cache"
    if ! "$java" "-XX:AOTCacheOutput=$cache" "${JAVA_AOT_QUIET[@]}" "$@" </dev/null >/dev/null 2>"$log"; then
        [[ -s "$log" ]] || echo "the training run failed" >"$log"
        return 1
    fi
    [[ -s "$cache" ]] || { echo "the training run made no AOT cache $cache" >>"$log"; return 1; }
}
