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
        if device == "cuda" and signals.handover_enabled():
            self.words, self._words_fd = signals.HostWords.create(driver)
        # snapshot order, outputs first: work still running after "done" is caught reading
        # them soonest
        self.snapshot_order = sorted(self.views, key=lambda n: not problem.param(n).is_output)

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
        for s in self.slots:
            n = math.prod(s.shape)
            if n > SAMPLE_ABOVE:
                last = n - SAMPLE_RUN
                starts = {0, last, *(rng.randrange(last + 1) for _ in range(SAMPLE_CHUNKS - 2))}
                plan[s.name] = sample_index(sorted(starts), SAMPLE_RUN, self.device)
        return plan

    def snapshot(self, plan: dict[str, torch.Tensor] | None = None) -> dict[str, torch.Tensor]:
        """Copies of every tensor as it is now (``plan``'s tensors at its indices only)."""
        plan = plan or {}
        return {
            name: gather_flat(self.views[name], plan[name])
            if name in plan
            else self.views[name].clone()
            for name in self.snapshot_order
        }

    def close(self) -> None:
        self.views = {}
        for fd in self.take_fds():
            os.close(fd)
        if self.words is not None:
            self.sync()  # nothing queued may still wait on the words
            self.words.close()
            self.words = None
        self.arena.close()
