"""What the benchmarks in bench/ measure a command with: CPU seconds (user +
sys of every thread, best of several runs) or instructions (callgrind, one
thread, repeatable on a busy machine). Each raises CommandFailed, with the
tail of the command's stderr, when the command fails."""

import re
import resource
import subprocess


class CommandFailed(RuntimeError):
    pass


def _run(cmd):
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise CommandFailed("%s failed (exit %d): %s" % (
            cmd[0], done.returncode, done.stderr[-1500:]))
    return done.stderr


def cpu_seconds(cmd):
    """User + sys CPU seconds of `cmd`, all of its threads (the benchmarks
    run one command at a time, so the children's usage is its own)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    _run(cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) +
            (after.ru_stime - before.ru_stime))


def best(cmd, repeat):
    """The least CPU seconds of `repeat` runs of `cmd`."""
    return min(cpu_seconds(cmd) for _ in range(repeat))


def instructions(cmd):
    """Instructions `cmd` executes (callgrind's total) with
    --mlir-disable-threading."""
    err = _run(["valgrind", "--tool=callgrind",
                "--callgrind-out-file=/dev/null"] + cmd +
               ["--mlir-disable-threading"])
    m = re.search(r"I\s+refs:\s+([\d,]+)", err)
    if not m:
        raise CommandFailed("no instruction count from callgrind: " +
                            err[-1500:])
    return int(m.group(1).replace(",", ""))
