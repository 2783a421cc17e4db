"""The judging app: submissions, their rules, queue, judging, leaderboards and workers."""
