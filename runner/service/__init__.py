"""The warm runner service (a long-lived supervisor per device) and the client the worker uses to reach it."""
