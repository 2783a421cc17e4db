"""Judging a submission: claim it (claim), run the runner on it (execute), store what the
runner says (record), and requeue what got stuck (reconcile)."""
