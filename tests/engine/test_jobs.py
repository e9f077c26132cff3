"""`--jobs N`: inputs checked by N worker processes report what a serial run reports, byte
for byte, in every output format; a bad N is a usage error; a worker that dies names the
file it was on (TL901, exit status 2) and the other inputs are still checked; Ctrl-C stops
every worker and exits 130 without a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import Result
from conftest import run_cli

from mtg_typeline.engine.pool import KILL_WORKER, MIN_INPUTS, can_fork, most_processes, workers_for
from mtg_typeline.engine.scopes import _processes
from mtg_typeline.reporters import FORMATS

pytestmark = [
    pytest.mark.usefixtures("in_tmp"),
    pytest.mark.skipif(not can_fork(), reason="workers are forked: POSIX only"),
]

FORGE = "Name:{name}\nManaCost:1 G\nTypes:{types}\nPT:1/1\n"
TYPES = (
    "Legendary Creature Forest Goblin",  # a land type among creature types
    "Creature Elf Druid",
    "Instant Arcane",
    "creature Goblinn",  # case and a misspelling
    "Enchantment Aura Curse",
    "Artifact Creature Equipment",
)


def _tree(root: Path, count: int = 24) -> Path:
    """A tree of Forge scripts, text files, JSON and YAML card lists, with findings."""
    for index in range(count):
        folder = root / f"set{index % 3}"
        folder.mkdir(parents=True, exist_ok=True)
        types = TYPES[index % len(TYPES)]
        dashed = types.replace(" ", " — ", 1)
        kinds = {
            "c.txt": FORGE.format(name=f"Card {index}", types=types),
            "t.txt": f"{dashed}\nCreature — Elf  # typeline: ignore\n",
            "j.json": json.dumps([{"name": f"J{index}", "type_line": dashed}]),
            "y.yaml": f"- name: Y{index}\n  type_line: {dashed}\n- name: N\n",
        }
        kind = list(kinds)[index % 4]
        (folder / f"{kind[0]}{index:02d}{kind[1:]}").write_text(kinds[kind])
    return root


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_is_the_same_with_workers(fmt: str) -> None:
    tree = _tree(Path("cards"))
    serial = run_cli(["check", "--no-config", "--format", fmt, "--jobs", "1", tree])
    pooled = run_cli(["check", "--no-config", "--format", fmt, "--jobs", "2", tree])
    assert serial.exit_code == 1
    assert _seen(pooled) == _seen(serial)


@pytest.mark.parametrize(
    "extra",
    [["--statistics"], ["--verbose"], ["--select", "TL904", "--format", "concise"], ["--exit-zero", "-q"]],
)
def test_summaries_and_verbose_lists_are_the_same_with_workers(extra: list[str]) -> None:
    tree = _tree(Path("cards"))
    serial = run_cli(["check", "--no-config", *extra, "--jobs", "1", tree])
    pooled = run_cli(["check", "--no-config", *extra, "--jobs", "3", tree])
    assert _seen(pooled) == _seen(serial)


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5", ""])
def test_a_bad_number_of_jobs_is_a_usage_error(value: str) -> None:
    result = run_cli(["check", "--jobs", value, "x.txt"])
    assert result.exit_code == 2
    assert "Invalid value for '--jobs'" in result.stderr


def test_a_bad_number_of_jobs_in_the_configuration_is_an_error() -> None:
    Path(".typeline.yaml").write_text("jobs: 0\n")
    Path("x.txt").write_text("Creature — Elf\n")
    result = run_cli(["check", "x.txt"])
    assert result.exit_code == 2
    assert "key 'jobs' must be a whole number over 0, not 0" in result.stderr


def test_the_configured_number_of_jobs_is_taken() -> None:
    tree = _tree(Path("cards"))
    Path(".typeline.yaml").write_text("jobs: 2\n")
    result = run_cli(["check", "--show-settings", tree])
    assert "jobs = 2" in result.stdout
    killed = run_cli(["check", tree], env={KILL_WORKER: "cards/set1/t01.txt"})  # only workers die
    assert killed.exit_code == 2
    assert "cannot read cards/set1/t01.txt: the process checking it was killed by SIGKILL" in killed.stdout


def test_a_worker_that_dies_names_its_file_and_the_rest_is_checked() -> None:
    tree = _tree(Path("cards"))
    serial = run_cli(["check", "--no-config", "--format", "concise", "--jobs", "1", tree])
    dead = "cards/set0/c12.txt"
    args = ["check", "--no-config", "--format", "concise", "--jobs", "2", tree]
    killed = run_cli(args, env={KILL_WORKER: dead})
    assert killed.exit_code == 2
    lost = [line for line in serial.stdout.splitlines() if line.startswith(dead + ":")]
    kept = [line for line in serial.stdout.splitlines() if line.startswith("cards/") and line not in lost]
    assert lost  # (the file had findings, which the dead worker took with it)
    message = f"{dead}:1:1: TL901 [error] cannot read {dead}: the process checking it was killed by SIGKILL"
    assert [line for line in killed.stdout.splitlines() if line.startswith(dead + ":")] == [message]
    others = [line for line in killed.stdout.splitlines() if line.startswith("cards/") and dead not in line]
    assert others == kept


def test_small_runs_stay_serial_and_the_number_asked_is_a_most() -> None:
    assert workers_for(None, MIN_INPUTS - 1) == 1
    assert workers_for(None, MIN_INPUTS) == (os.cpu_count() or 1)
    assert workers_for(4, 3) == 3
    assert workers_for(4, 1) == 1
    assert workers_for(1, 10_000) == 1


def test_a_huge_number_of_jobs_is_held_to_four_processes_a_cpu() -> None:
    most = max(4 * (os.cpu_count() or 1), 8)
    assert most_processes() == most
    assert workers_for(10**12, 10**6) == most
    assert workers_for(3, 10**6) == 3
    assert _processes(10**12) == most  # (the parts of one big file)
    assert _processes(3) == 3


def _seen(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


RUN = "from mtg_typeline.main import entry_point; import sys; sys.argv[0] = 'typeline'; entry_point()"


def test_ctrl_c_stops_every_worker_and_exits_130(tmp_path: Path) -> None:
    tree = _tree(tmp_path / "cards", 6)
    fifo = tmp_path / "waits.txt"  # a worker opening it waits for a writer: the run is at work
    os.mkfifo(fifo)
    names = [*sorted(str(p) for p in tree.rglob("*.*")), str(fifo)]
    command = [sys.executable, "-c", RUN, "check", "--no-config", "--jobs", "2", *names]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    writer = _when_read(fifo, run)
    try:
        os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to every process of the run
        out, err = run.communicate(timeout=60)
    finally:
        os.close(writer)
    assert run.returncode == 130, err
    assert b"Traceback" not in err + out
    assert err.decode().strip() == "typeline: interrupted"
    with pytest.raises(ProcessLookupError):  # no worker is left
        os.killpg(run.pid, 0)


def _when_read(fifo: Path, run: subprocess.Popen[bytes]) -> int:
    """Wait until a worker has the named pipe open (a writer can then open it); its writing end."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and run.poll() is None:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            time.sleep(0.01)
    pytest.fail(f"no worker opened the named pipe: {run.communicate()}")


def test_standard_input_among_the_inputs_is_checked_as_in_a_serial_run() -> None:
    tree = _tree(Path("cards"), 8)
    names = [str(path) for path in sorted(tree.rglob("*.*"))]
    check = [sys.executable, "-c", RUN, "check", "--no-config", "--format", "concise"]
    args = [*check, names[0], "-", *names[1:]]
    lines = b"Creature \xe2\x80\x94 Goblinn\nInstant\n"  # (a pipe: a forked worker has no standard input)
    serial = subprocess.run([*args, "--jobs", "1"], input=lines, capture_output=True, check=False)
    pooled = subprocess.run([*args, "--jobs", "2"], input=lines, capture_output=True, check=False)
    assert b"-:1:12: TL302" in serial.stdout
    assert pooled.returncode == serial.returncode
    assert (pooled.stdout, pooled.stderr) == (serial.stdout, serial.stderr)
