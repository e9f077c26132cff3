"""The worker pool of `--jobs` (`engine.pool`) on its own: the answers of every input in
order whatever the number of workers, answers bigger than a pipe holds, a worker's error
raised in the run, and no worker left once the answers are taken."""

from __future__ import annotations

import os
import time

import pytest

from mtg_typeline.engine.pool import KILL_WORKER, WorkerError, can_fork, pooled

pytestmark = pytest.mark.skipif(not can_fork(), reason="workers are forked: POSIX only")


def _work(index: int) -> tuple[int, str]:
    return index, str(index) * (index % 7)


@pytest.mark.parametrize("jobs", [2, 3, 5])
def test_every_answer_comes_in_the_order_of_the_inputs(jobs: int) -> None:
    inputs = list(range(3, 2_000, 3))
    answers = list(pooled(inputs, jobs, _work, str))
    assert answers == [(index, _work(index)) for index in inputs]


def test_answers_bigger_than_a_pipe_holds_arrive_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KILL_WORKER, "no input has this name")  # (every input goes to a worker)
    big = {index: os.urandom(200_000 + index).hex() for index in range(40)}
    answers = dict(pooled(list(big), 2, big.__getitem__, str))
    assert answers == big


def test_a_workers_error_is_raised_in_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KILL_WORKER, "no input has this name")

    def work(index: int) -> int:
        if index == 7:
            raise ValueError("no seven")
        return index

    with pytest.raises(WorkerError, match="ValueError: no seven"):
        list(pooled(list(range(20)), 2, work, str))


def test_the_runs_own_process_checks_inputs_too() -> None:
    def work(index: int) -> int:
        time.sleep(0.001)  # (a worker busy with its chunk leaves the next to the run)
        return os.getpid()

    run = os.getpid()
    checked_by = dict(pooled(list(range(320)), 2, work, str))
    assert run in checked_by.values()
    assert len(set(checked_by.values())) == 2


def test_no_worker_is_left_once_the_answers_are_taken() -> None:
    workers = set(dict(pooled(list(range(4_000)), 3, lambda index: os.getpid(), str)).values())
    workers.discard(os.getpid())
    assert len(workers) == 2
    for pid in workers:  # (each was waited for: it is no child of this process any more)
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
