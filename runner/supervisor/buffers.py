"""The supervisor's side of the shared buffers of one test or benchmark case.

The supervisor allocates the arena (runner.common.arena), writes the inputs and zero-fills the
outputs before every call, and after every call snapshots what it judges itself, on its own
stream: whole tensors, or for tensors above ``SAMPLE_ABOVE`` elements runs of ``SAMPLE_RUN``
elements at offsets drawn from its secret generator (both ends always in).
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterable
from typing import Any

import torch

from runner.common import arena, signals
from runner.common.tensors import gather_flat, sample_index
from runner.contract import ProblemSpec

SAMPLE_ABOVE = 1 << 20
SAMPLE_CHUNKS = 1024
SAMPLE_RUN = 1024


class CaseBuffers:
    """Every tensor parameter of one case, laid out in one shared arena."""

    def __init__(self, problem: ProblemSpec, scalars: dict, device: str, driver: Any = None):
        self.problem = problem
        self.scalars = dict(scalars)
        self.device = device
        tensors = [(p.name, p.dtype, p.shape_for(scalars)) for p in problem.tensor_params]
        self.slots, size = arena.plan(tensors)
        self.arena, self._fd = arena.create(device, size, driver)
        self.views = {s.name: self.arena.tensor(s) for s in self.slots}
        # the timed calls' hand-over (runner/common/signals.py): its words, their descriptor
        self.words: signals.HostWords | None = None
        self._words_fd = -1
        self.handovers = 0  # timed calls handed over on this arena so far
        # snapshot order, outputs first: work still running after "done" is caught reading
        # them soonest
        self.snapshot_order = sorted(self.views, key=lambda n: not problem.param(n).is_output)
        # the tensors read in part (sample_plan), and the element count each one has
        self.sampled = {
            s.name: math.prod(s.shape) for s in self.slots if math.prod(s.shape) > SAMPLE_ABOVE
        }
        # the hand-over's own: a gate the supervisor alone holds, the snapshot as one graph
        self.gate: Gate | None = None
        self._graph: GraphSnapshot | None = None
        if device == "cuda" and signals.handover_enabled():
            self.words, self._words_fd = signals.HostWords.create(driver)
            self.gate = Gate(driver)

    # -- sharing ---------------------------------------------------------------------------------
    def attach_message(self) -> dict:
        return {
            "op": "attach",
            "size": self.arena.size,
            "slots": [s.to_dict() for s in self.slots],
            "scalars": self.scalars,
            "words": self.words is not None,  # a second descriptor: the hand-over's words
        }

    def take_fds(self) -> tuple[int, ...]:
        """The descriptors to send with :meth:`attach_message`, the arena's first (the caller
        closes them)."""
        fds = tuple(fd for fd in (self._fd, self._words_fd) if fd >= 0)
        self._fd = self._words_fd = -1
        return fds

    # -- every call ------------------------------------------------------------------------------
    def write(self, inputs: dict[str, torch.Tensor]) -> None:
        """Fresh inputs into the in/inout tensors, zeros into the outputs (queued)."""
        for p in self.problem.tensor_params:
            view = self.views[p.name]
            if p.is_input:
                view.copy_(inputs[p.name].reshape(view.shape))
            elif view.numel():
                view.reshape(-1).view(torch.uint8).zero_()

    def sync(self) -> None:
        if self.device == "cuda":
            torch.cuda.synchronize()

    def sample_plan(self, rng: random.Random) -> dict[str, torch.Tensor]:
        """Flat indices to snapshot of each tensor read in part (drawn from ``rng``)."""
        plan = {}
        for name, n in self.sampled.items():
            last = n - SAMPLE_RUN
            starts = {0, last, *(rng.randrange(last + 1) for _ in range(SAMPLE_CHUNKS - 2))}
            plan[name] = sample_index(sorted(starts), SAMPLE_RUN, self.device)
        return plan

    def snapshot(self, plan: dict[str, torch.Tensor] | None = None) -> dict[str, torch.Tensor]:
        """Copies of every tensor as it is now (``plan``'s tensors at its indices only)."""
        return copies(self.views, self.snapshot_order, plan or {})

    def snapshot_graph(self) -> GraphSnapshot:
        """The snapshot as one CUDA graph, for the hand-over's windows: captured at its first
        use (a case's tests never time a call, and need none)."""
        if self._graph is None:
            self._graph = GraphSnapshot(self.views, self.snapshot_order, self.sampled)
        return self._graph

    def close(self) -> None:
        self.views = {}
        for fd in self.take_fds():
            os.close(fd)
        if self.words is not None:
            self.sync()  # nothing queued may still wait on the words or the gate
            self.words.close()
            self.words = None
            self.gate.close()
            self._graph = None
        self.arena.close()


def copies(
    views: dict[str, torch.Tensor], order: list[str], index: dict[str, torch.Tensor]
) -> dict[str, torch.Tensor]:
    """New copies of ``views`` in ``order``: the elements at ``index[name]`` of the tensors it
    names (:func:`gather_flat`), the others whole."""
    return {
        name: gather_flat(views[name], index[name]) if name in index else views[name].clone()
        for name in order
    }


class Gate:
    """A word in a page of host memory that only the supervisor maps: GPU work queued behind
    :meth:`hold` waits until the host opens it (:meth:`open`), so that a window's work, once queued
    in full, runs at the GPU's pace and not at the pace of the host queueing it."""

    def __init__(self, driver: Any):
        self.words, fd = signals.HostWords.create(driver)
        os.close(fd)  # shared with no one
        self.n = 0

    def hold(self, stream: int) -> None:
        self.n += 1
        self.words.wait(stream, 0, self.n)

    def open(self) -> None:
        self.words.set(0, self.n)

    def close(self) -> None:
        self.words.close()


class GraphSnapshot:
    """The snapshot (:meth:`CaseBuffers.snapshot`) captured once as a CUDA graph, for the
    hand-over's windows: one launch queues every copy, so that the copies run back to back
    however long the host takes to launch them. The sample plan's indices go into the graph's
    own index tensors before the window (:meth:`prepare`, padded with index 0), and the
    gathered values are copied out after it (:meth:`take`)."""

    def __init__(self, views: dict[str, torch.Tensor], order: list[str], sampled: Iterable[str]):
        self.index = {
            name: torch.zeros(SAMPLE_CHUNKS * SAMPLE_RUN, dtype=torch.int64, device="cuda")
            for name in sampled
        }
        copies(views, order, self.index)  # loads the kernels before the capture
        self.graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(self.graph, capture_error_mode="thread_local"):
            self.out = copies(views, order, self.index)

    def prepare(self, plan: dict[str, torch.Tensor]) -> None:
        for name, index in self.index.items():
            n = plan[name].numel()
            index[:n].copy_(plan[name])
            index[n:].zero_()

    def launch(self) -> None:
        self.graph.replay()

    def take(self, plan: dict[str, torch.Tensor]) -> dict[str, torch.Tensor]:
        return {
            name: (t[: plan[name].numel()] if name in self.index else t).clone()
            for name, t in self.out.items()
        }
