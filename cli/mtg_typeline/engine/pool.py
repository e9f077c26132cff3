"""Checking a run's inputs in worker processes (`--jobs`): a tree of many small files is
checked on every CPU, and reported as a serial run reports it, byte for byte.

Each worker is a fork of the run, made once its rules, checkers and filters are built, so it
has them all without their being copied over a pipe; the run's own process is one of the
`--jobs` (it forks one fewer) and checks a chunk itself whenever no worker's answer waits.
A worker is handed the numbers of inputs a chunk at a time (two chunks ahead, so it never
waits for the next), checks each as `check_input` does, and sends back for each input what it
reported (findings, and the objects its reader passed over, placed where they are listed),
what it came to (`Checked`) and the bytes read (for the progress bar). The parent takes the
answers in the order of the inputs and reports them through the run's filters, as a serial
run would: the findings, their order and the output are the same.

A worker that dies (killed, out of memory) is replaced: the input it was on (it writes the
number of each into memory the parent shares before it starts on it) is reported unreadable
(TL901, exit status 2), naming the file and how the worker ended, and the other inputs of its
chunks are checked again by another worker. Ctrl-C reaches the workers too, which ignore it:
the parent stops them, waits for them to end, and the run ends as an interrupted one (130).

A worker is made by `os.fork` and talks to the run through two pipes, its chunks in and its
answers out, each message pickled after its length (multiprocessing, which would cost a run
some 15 ms to load, is not used). Forking is POSIX's; where the system has no `fork`, a run
is serial. `--fix` and `--diff`
stay serial: they write files and print diffs as they go, one input after another.

For the tests alone, `TYPELINE_TEST_KILL_WORKER=NAME` makes the worker that comes to the
input named NAME kill itself (SIGKILL, as the out-of-memory killer does), so that a worker's
death can be tested; nothing else reads it.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any

from mtg_typeline.records import NamedTuple

# Fewer inputs than this are checked in the run's own process: starting workers costs more
# than it saves (measured on bench/trees.py's scripts: at 1,000 the CPU time of two workers and
# the run's own about evens a serial run's; at 100, starting them is pure cost).
MIN_INPUTS = 1_000
_MAX_CHUNK = 64
# Chunks each worker holds at once: the next one waits in its pipe while it checks one, so
# it goes on without waiting for the run's process (busy itself on a machine's every CPU)
# to take its answers and hand it more.
_AHEAD = 2
KILL_WORKER = "TYPELINE_TEST_KILL_WORKER"  # tests only: see the docstring


class Died(NamedTuple):
    """An input whose worker died while checking it, and how it ended."""

    why: str


Work = Callable[[int], Any]  # the check of one input (by its number), in a worker
Naming = Callable[[int], str]  # the name of an input (by its number)


def can_fork() -> bool:
    """Whether workers can be made here (forked: POSIX)."""
    return hasattr(os, "fork")


def workers_for(asked: int | None, inputs: int) -> int:
    """How many processes check `inputs` inputs: `asked` (`--jobs`) where given, else every
    CPU once there are `MIN_INPUTS` of them; never more than the inputs, nor than
    `most_processes`, one without `fork`."""
    if not can_fork() or inputs < 2:
        return 1
    if asked is None:
        return (os.cpu_count() or 1) if inputs >= MIN_INPUTS else 1
    return min(asked, inputs, most_processes())


def most_processes() -> int:
    """The most processes a run checks with, however many `--jobs` asks for: four a CPU (8
    on one CPU). More would only wait their turn for a CPU, and a number such as 10**12
    would have a run fork until the system refuses, or cut a file at every line."""
    return max(4 * (os.cpu_count() or 1), 8)


def pooled(inputs: Sequence[int], jobs: int, work: Work, name_of: Naming) -> Generator[tuple[int, Any]]:
    """The answers of `work` for the inputs numbered `inputs`, in that order, worked out by
    `jobs` forked workers; `Died` for an input whose worker died on it (`name_of` names an
    input for the tests' hook)."""
    pool = _Pool(inputs, jobs, work, name_of)
    try:
        yield from pool.answers()
    finally:
        pool.stop()


class _Worker:
    """One worker: its process, the pipes to it (the chunks it is handed) and from it (its
    answers), the chunks of inputs handed to it not yet answered (oldest first), whether it
    was told to end, and how it ended once it has."""

    def __init__(self, pid: int, tasks: int, answers: int) -> None:
        self.pid = pid
        self.tasks = tasks  # (the writing end of its pipe of chunks)
        self.answers = answers  # (the reading end of its pipe of answers)
        self.chunks: deque[list[int]] = deque()
        self.ended = False
        self.exitcode: int | None = None  # (None: not waited for yet)

    def alive(self) -> bool:
        """Whether its process has not ended (it is waited for if it has)."""
        if self.exitcode is None:
            with contextlib.suppress(ChildProcessError):
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid == 0:
                    return True
                self.exitcode = os.waitstatus_to_exitcode(status)
        return False

    def join(self) -> int | None:
        """Wait for its process to end; how it ended (its exit code, or minus the signal)."""
        if self.exitcode is None:
            try:
                _, status = os.waitpid(self.pid, 0)
            except ChildProcessError:  # (waited for already)
                return None
            self.exitcode = os.waitstatus_to_exitcode(status)
        return self.exitcode

    def close(self) -> None:
        for end in (self.tasks, self.answers):
            with contextlib.suppress(OSError):
                os.close(end)


class _Pool:
    def __init__(self, inputs: Sequence[int], jobs: int, work: Work, name_of: Naming) -> None:
        self.work = work
        self.name_of = name_of
        self.inputs = inputs
        size = max(1, min(_MAX_CHUNK, len(inputs) // (jobs * 8)))
        starts = range(0, len(inputs), size)
        self.todo: deque[list[int]] = deque(list(inputs[start : start + size]) for start in starts)
        self.current = _shared_numbers(jobs, -1)  # the input each worker is on (-1: none)
        self.done: dict[int, Any] = {}
        # the run's own process is one of the `jobs`: it checks a chunk whenever no worker
        # has answered (but not for the tests' hook: the input it names goes to a worker)
        self.own_turn = KILL_WORKER not in os.environ
        self.workers: list[_Worker] = []
        for slot in range(jobs - 1 if self.own_turn else jobs):
            self.workers.append(self.start(slot))

    def start(self, slot: int) -> _Worker:
        """A worker in `slot` (`split.fork`: Ctrl-C held back until it ignores it)."""
        from mtg_typeline.engine.split import fork  # (only once a pool starts: few runs make one)

        chunks_out, chunks_in = os.pipe()  # (run -> worker)
        answers_out, answers_in = os.pipe()  # (worker -> run)
        try:
            pid = fork()
        except OSError:
            for end in (chunks_out, chunks_in, answers_out, answers_in):
                os.close(end)
            raise
        if pid == 0:  # the worker: it never returns to the run's code
            status = 1
            try:
                for end in (chunks_in, answers_out, *self.run_ends(slot)):
                    with contextlib.suppress(OSError):
                        os.close(end)
                self.serve(slot, chunks_out, answers_in)
                status = 0
            finally:
                os._exit(status)
        os.close(chunks_out)
        os.close(answers_in)
        worker = _Worker(pid, chunks_in, answers_out)
        for _ in range(_AHEAD):
            self.hand(worker)
        return worker

    def run_ends(self, slot: int) -> list[int]:
        """The ends of the other workers' pipes that the run holds (a new worker closes its
        copies: a worker whose run is gone then reads the end of its chunks and ends)."""
        return [end for other, w in enumerate(self.workers) if other != slot for end in (w.tasks, w.answers)]

    def serve(self, slot: int, chunks: int, answers: int) -> None:
        """A worker's life: check each chunk it is sent, answer it whole; None (or the end
        of the pipe: the run is gone) ends it."""
        from mtg_typeline.engine.split import in_fork

        in_fork()  # (a big text file among its inputs is read in this one process)
        doomed = os.environ.get(KILL_WORKER)
        while (chunk := _received(chunks)) is not None:
            answered = []
            try:
                for index in chunk:
                    self.current[slot] = index
                    if doomed is not None and self.name_of(index) == doomed:
                        os.kill(os.getpid(), signal.SIGKILL)
                    answered.append(self.work(index))
            except Exception as exc:  # a bug: told to the run, which reports it
                self.current[slot] = -1
                _send(answers, _Failed(f"{type(exc).__name__}: {exc}"))
                continue
            self.current[slot] = -1
            _send(answers, answered)

    def hand(self, worker: _Worker) -> None:
        """Send the next chunk to `worker`, or tell it to end (once) when none is left."""
        if worker.ended:
            return
        chunk = self.todo.popleft() if self.todo else None
        if chunk is None:
            worker.ended = True
        else:
            worker.chunks.append(chunk)
        with contextlib.suppress(OSError):  # (it died since it answered: `bury` hands its chunks on)
            _send(worker.tasks, chunk)

    def answers(self) -> Iterator[tuple[int, Any]]:
        for expected in self.inputs:
            while expected not in self.done:
                if self.todo and self.own_turn and not self.answered(0):
                    self.check_here()
                else:
                    self.collect()
            yield expected, self.done.pop(expected)

    def answered(self, timeout: float | None) -> list[_Worker]:
        """The workers that have answered (or died) and wait to be heard, waiting up to
        `timeout` seconds for one (None: until one has)."""
        import select

        busy = {w.answers: w for w in self.workers if w.chunks}
        waiting = select.poll()
        for end in busy:
            waiting.register(end, select.POLLIN)
        return [busy[end] for end, _ in waiting.poll(None if timeout is None else timeout * 1000)]

    def check_here(self) -> None:
        """Check the next chunk in the run's own process, while no worker needs it."""
        for index in self.todo.popleft():
            self.done[index] = self.work(index)

    def collect(self) -> None:
        """Wait for a worker to answer, or to die."""
        for worker in self.answered(None):
            answers = _received(worker.answers)
            if answers is None:  # its end of the pipe closed: it died
                self.bury(worker)
            else:
                self.take(worker, answers)

    def take(self, worker: _Worker, answers: Any) -> None:
        if isinstance(answers, _Failed):
            raise WorkerError(answers.message)
        self.done.update(zip(worker.chunks.popleft(), answers, strict=True))
        self.hand(worker)

    def bury(self, worker: _Worker) -> None:
        """A worker died: its input is `Died`, the rest of its chunks go to a new worker."""
        slot = self.workers.index(worker)
        exitcode = worker.join()
        fatal = self.current[slot]
        if any(fatal in chunk for chunk in worker.chunks):  # (else it died between chunks)
            self.done[fatal] = Died(_ended(exitcode))
        rest = [index for chunk in worker.chunks for index in chunk if index != fatal]
        if rest:
            self.todo.appendleft(rest)
        worker.close()
        worker.chunks.clear()
        self.current[slot] = -1
        self.workers[slot] = self.start(slot)

    def stop(self) -> None:
        """End every worker: those still at work (Ctrl-C, an error) are terminated."""
        for worker in self.workers:  # (an idle one was told to end when nothing was left)
            if worker.chunks and worker.alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker.pid, signal.SIGTERM)
        for worker in self.workers:
            worker.close()  # (first: a worker still reading its chunks reads their end)
            worker.join()


def _shared_numbers(count: int, value: int) -> memoryview:
    """`count` whole numbers, each `value` at first, in memory shared with the processes
    forked after (an anonymous shared mapping: no file, and no ctypes to load, as a
    multiprocessing array would)."""
    import mmap

    numbers = memoryview(mmap.mmap(-1, 8 * count)).cast("q")
    for index in range(count):
        numbers[index] = value
    return numbers


_HEAD = 8  # (bytes of a message's length, before it)


def _send(end: int, message: Any) -> None:
    """Write `message` (pickled, after its length) to the pipe `end`."""
    import pickle  # (only once a pool starts: most runs have too few inputs for one)

    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    view = memoryview(len(data).to_bytes(_HEAD, "little") + data)
    while view:
        view = view[os.write(end, view) :]


def _received(end: int) -> Any:
    """The next message from the pipe `end`; None if it ended first (the other side is gone,
    or died while writing)."""
    import pickle

    head = _read(end, _HEAD)
    if head is None:
        return None
    body = _read(end, int.from_bytes(head, "little"))
    return None if body is None else pickle.loads(body)  # (from a fork of this run: `_send`)


def _read(end: int, size: int) -> bytes | None:
    """`size` bytes from the pipe `end` (never more: the next message stays in the pipe);
    None at its end."""
    parts = []
    while size:
        try:
            got = os.read(end, min(size, 1 << 20))
        except OSError:
            return None
        if not got:
            return None
        parts.append(got)
        size -= len(got)
    return b"".join(parts)


class _Failed(NamedTuple):
    message: str


class WorkerError(RuntimeError):
    """An error a worker met checking an input (a bug), raised in the run."""


def _ended(exitcode: int | None) -> str:
    """How a worker ended, in words: `was killed by SIGKILL` (out of memory, or killed)."""
    if exitcode is not None and exitcode < 0:
        try:
            return f"was killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"was killed by signal {-exitcode}"
    return f"ended with exit status {exitcode}"
